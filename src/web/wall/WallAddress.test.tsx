import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { makeThought, makeThoughts } from "../testing/make-thought";
import { fakeApi } from "../testing/server";
import { readWallView, wallAddress } from "./wall-address";

/** 'Carregar mais' once it is ready: it waits while a page or a favorite change is on its way. */
async function loadMore() {
  const button = await screen.findByRole("button", { name: "Carregar mais" });
  await waitFor(() => expect(button).toHaveAttribute("aria-disabled", "false"));
  await userEvent.click(button);
}

const heading = () => screen.getByRole("heading", { level: 1 });
const modeButton = (name: "Meu Mural" | "Meus favoritos") => screen.getByRole("button", { name });

describe("the wall's view in the address", { timeout: 20_000 }, () => {
  it("reads the search and the mode from the address, ignoring what it does not know", () => {
    expect(readWallView("q=amor&favoritos=true")).toEqual({ text: "amor", favorites: true });
    expect(readWallView("favoritos=banana&x=1")).toEqual({ text: "", favorites: false });
    expect(readWallView("")).toEqual({ text: "", favorites: false });
    expect(wallAddress({ text: "pão & vinho", favorites: true })).toBe(
      "/listarPensamento?q=p%C3%A3o+%26+vinho&favoritos=true",
    );
    expect(wallAddress({ text: "   ", favorites: false })).toBe("/listarPensamento");
  });

  it("rewrites the current history entry while typing, one entry for the whole search", async () => {
    fakeApi.seed([makeThought({ conteudo: "Amor tranquilo" }), makeThought({ conteudo: "Outra coisa" })]);
    const { location } = renderWall();
    await screen.findByText("Outra coisa");
    await userEvent.type(screen.getByRole("searchbox"), "amor");
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(location.history).toEqual(["/listarPensamento?q=amor"]);
    expect(document.title).toBe("Busca “amor” · Meu mural · Memoteca");
  });

  it("pushes an entry when the mode changes, keeping the search", async () => {
    fakeApi.seed([
      makeThought({ conteudo: "Amor favorito", favorito: true }),
      makeThought({ conteudo: "Amor" }),
    ]);
    const { location } = renderWall();
    await userEvent.type(await screen.findByRole("searchbox"), "amor");
    await userEvent.click(modeButton("Meus favoritos"));
    expect(location.history).toEqual(["/listarPensamento?q=amor", "/listarPensamento?q=amor&favoritos=true"]);
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(modeButton("Meus favoritos")).toHaveAttribute("aria-pressed", "true");
    expect(modeButton("Meu Mural")).toHaveAttribute("aria-pressed", "false");
    expect(document.title).toBe("Busca “amor” · Meus favoritos · Memoteca");

    // 'Meu Mural' clears the search, in an entry of its own.
    await userEvent.click(modeButton("Meu Mural"));
    expect(location.history.at(-1)).toBe("/listarPensamento");
    expect(location.history).toHaveLength(3);
    expect(screen.getByRole("searchbox")).toHaveValue("");
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
  });

  it("opens the view the address names: search text, mode and the request that answers them", async () => {
    fakeApi.seed([
      makeThought({ conteudo: "Amor guardado", favorito: true }),
      makeThought({ conteudo: "Amor comum" }),
      makeThought({ conteudo: "Nada a ver", favorito: true }),
    ]);
    renderWall("/listarPensamento?q=amor&favoritos=true");
    expect(await screen.findByRole("article")).toHaveTextContent("Amor guardado");
    expect(screen.getAllByRole("article")).toHaveLength(1);
    expect(screen.getByRole("searchbox")).toHaveValue("amor");
    expect(heading()).toHaveTextContent("Meus favoritos");
    expect(modeButton("Meus favoritos")).toHaveAttribute("aria-pressed", "true");
    const request = fakeApi.listRequests().at(-1);
    expect(request?.searchParams.get("q")).toBe("amor");
    expect(request?.searchParams.get("favorito")).toBe("true");
  });

  it("keeps a search too short to apply in the box, and ignores a mode it does not know", async () => {
    fakeApi.seed(makeThoughts(2));
    renderWall("/listarPensamento?q=am&favoritos=banana");
    expect(await screen.findAllByRole("article")).toHaveLength(2);
    expect(screen.getByRole("searchbox")).toHaveValue("am");
    expect(screen.getByText("Digite ao menos 3 letras para buscar.")).toBeInTheDocument();
    expect(heading()).toHaveTextContent("Meu mural");
    expect(fakeApi.listRequests().every((url) => !url.searchParams.has("favorito"))).toBe(true);
  });

  it("goes back to the previous view with the pages it had loaded, without asking for them again", async () => {
    fakeApi.seed(makeThoughts(13, { favorito: true }));
    const { location } = renderWall();
    await loadMore();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(12));
    await userEvent.type(screen.getByRole("searchbox"), "número 1");
    await userEvent.click(modeButton("Meus favoritos"));
    await waitFor(() => expect(heading()).toHaveTextContent("Meus favoritos"));
    const asked = fakeApi.listRequests().length;

    // What Back does: the address of the previous entry, then of the one before it.
    act(() => location.navigate("/listarPensamento?q=n%C3%BAmero+1", { replace: true }));
    expect(heading()).toHaveTextContent("Meu mural");
    expect(screen.getByRole("searchbox")).toHaveValue("número 1");
    act(() => location.navigate("/listarPensamento", { replace: true }));
    expect(screen.getByRole("searchbox")).toHaveValue("");
    expect(screen.getAllByRole("article")).toHaveLength(12);
    expect(fakeApi.listRequests()).toHaveLength(asked);
  });

  it("keeps the view in the delete dialog's address, since the wall stays under it", async () => {
    fakeApi.seed([makeThought({ id: 4, conteudo: "Amor que fica", favorito: true })]);
    renderWall("/listarPensamento?q=amor&favoritos=true");
    const card = await screen.findByRole("article");
    expect(within(card).getByRole("link", { name: "Excluir pensamento" })).toHaveAttribute(
      "href",
      "/pensamentos/excluirPensamento/4?q=amor&favoritos=true",
    );
    expect(within(card).getByRole("link", { name: "Editar pensamento" })).toHaveAttribute(
      "href",
      "/pensamentos/editarPensamento/4",
    );
  });
});
