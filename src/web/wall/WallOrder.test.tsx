import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { makeThought } from "../testing/make-thought";
import { fakeApi } from "../testing/server";
import { readWallView, wallAddress, wallFilters } from "./wall-address";

const picker = () => screen.getByRole("combobox", { name: "Ordenar por" });
const authorsShown = () =>
  screen
    .getAllByRole("article")
    .map((card) => within(card).getByRole("link", { name: /^Ver pensamentos de / }).textContent);

/** Eight thoughts by six authors, added in this order (the last the newest). */
function seedAuthors() {
  fakeApi.seed(
    ["Cecília", "Bandeira", "Adélia", "Drummond", "Bandeira", "Quintana", "Adélia", "Pessoa"].map(
      (autoria, at) => makeThought({ id: at + 1, autoria, conteudo: `Pensamento ${at + 1}` }),
    ),
  );
}

async function loadMore() {
  const button = await screen.findByRole("button", { name: "Carregar mais" });
  await waitFor(() => expect(button).toHaveAttribute("aria-disabled", "false"));
  await userEvent.click(button);
}

describe("the wall's order", { timeout: 20_000 }, () => {
  it("is kept in the address as 'ordem', the wall's own order left out, anything unknown ignored", () => {
    expect(readWallView("ordem=antigos&favoritos=true")).toEqual({
      text: "",
      favorites: true,
      order: "antigos",
    });
    expect(readWallView("ordem=recentes")).toEqual({ text: "", favorites: false });
    expect(readWallView("ordem=toString")).toEqual({ text: "", favorites: false });
    expect(wallAddress({ text: "", favorites: false, order: "fonte" })).toBe("/listarPensamento?ordem=fonte");
    // A search the API lists newest first: the order waits in the address, out of the request.
    expect(wallFilters({ text: "amor", favorites: false, order: "autor" })).toEqual({
      favorites: false,
      search: "amor",
    });
    expect(wallFilters({ text: "am", favorites: false, order: "autor" }).order).toBe("autor");
  });

  it("starts at 'Mais recentes', and 'Autor (A–Z)' reorders the cards in a new history entry", async () => {
    seedAuthors();
    const { location } = renderWall();
    await screen.findAllByRole("article");
    expect(picker()).toHaveDisplayValue("Mais recentes");
    expect(authorsShown()).toEqual(["Pessoa", "Adélia", "Quintana", "Bandeira", "Drummond", "Adélia"]);

    await userEvent.selectOptions(picker(), "Autor (A–Z)");
    await waitFor(() => expect(authorsShown()[0]).toBe("Adélia"));
    expect(authorsShown()).toEqual(["Adélia", "Adélia", "Bandeira", "Bandeira", "Cecília", "Drummond"]);
    expect(location.history).toEqual(["/listarPensamento", "/listarPensamento?ordem=autor"]);
    const request = fakeApi.listRequests().at(-1);
    expect(request?.searchParams.get("_sort")).toBe("autoria");
    expect(request?.searchParams.get("_order")).toBe("asc");
    expect(request?.searchParams.has("_after")).toBe(false);
  });

  it("asks the API for the oldest first by the day each was added, and for the sources in order", async () => {
    seedAuthors();
    renderWall();
    await screen.findAllByRole("article");
    await userEvent.selectOptions(picker(), "Mais antigos");
    await waitFor(() => expect(authorsShown()[0]).toBe("Cecília"));
    expect(authorsShown()).toEqual(["Cecília", "Bandeira", "Adélia", "Drummond", "Bandeira", "Quintana"]);
    expect(fakeApi.listRequests().at(-1)?.searchParams.get("_sort")).toBe("criadoEm");
    await userEvent.selectOptions(picker(), "Fonte");
    await waitFor(() => expect(fakeApi.listRequests().at(-1)?.searchParams.get("_sort")).toBe("fonte"));
    expect(fakeApi.listRequests().at(-1)?.searchParams.get("_order")).toBe("asc");
  });

  it("pages an order by how many cards are shown, since a cursor follows only the wall's own", async () => {
    seedAuthors();
    renderWall("/listarPensamento?ordem=autor");
    await screen.findAllByRole("article");
    expect(picker()).toHaveDisplayValue("Autor (A–Z)");
    await loadMore();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(8));
    expect(authorsShown().slice(6)).toEqual(["Pessoa", "Quintana"]);
    expect(fakeApi.listRequests().at(-1)?.searchParams.get("_start")).toBe("6");
    expect(screen.getByText("Não há mais pensamentos para exibir")).toBeInTheDocument();
  });

  it("keeps the order through 'Meus favoritos' and 'Meu Mural', and back to 'Mais recentes' leaves the address", async () => {
    seedAuthors();
    const { location } = renderWall("/listarPensamento?ordem=autor");
    await screen.findAllByRole("article");
    await userEvent.click(screen.getByRole("button", { name: "Meus favoritos" }));
    expect(location.history.at(-1)).toBe("/listarPensamento?favoritos=true&ordem=autor");
    await userEvent.click(screen.getByRole("button", { name: "Meu Mural" }));
    expect(location.history.at(-1)).toBe("/listarPensamento?ordem=autor");
    await userEvent.selectOptions(picker(), "Mais recentes");
    expect(location.history.at(-1)).toBe("/listarPensamento");
    await waitFor(() => expect(authorsShown()[0]).toBe("Pessoa"));
  });

  it("waits during a search, saying why, and comes back when the search is cleared", async () => {
    seedAuthors();
    renderWall("/listarPensamento?ordem=autor");
    await screen.findAllByRole("article");
    await userEvent.type(screen.getByRole("searchbox"), "Pensamento");
    await waitFor(() => expect(picker()).toBeDisabled());
    expect(picker()).toHaveDisplayValue("Mais recentes");
    expect(picker()).toHaveAccessibleDescription("A busca mostra os mais recentes primeiro.");
    await waitFor(() => expect(fakeApi.listRequests().at(-1)?.searchParams.get("q")).toBe("Pensamento"));
    expect(fakeApi.listRequests().at(-1)?.searchParams.has("_sort")).toBe(false);

    // Esc clears the search, as the wall's shortcut does.
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(picker()).toBeEnabled());
    expect(picker()).toHaveDisplayValue("Autor (A–Z)");
    await waitFor(() => expect(authorsShown()[0]).toBe("Adélia"));
  });
});
