import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../domain/contract";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";
import { imageFileName, shareText } from "./share-texts";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

describe("sharing a card", () => {
  it("opens the card's image with 'Baixar imagem', 'Copiar texto' and 'Fechar', and gives the focus back", async () => {
    fakeApi.seed([makeThought({ id: 7, conteudo: "Tudo vale a pena", autoria: "Fernando Pessoa" })]);
    const user = userEvent.setup();
    renderApp(paths.wall);
    const card = await screen.findByRole("article", { name: "Pensamento de Fernando Pessoa" });
    const button = within(card).getByRole("button", { name: "Compartilhar" });
    await user.click(button);

    const dialog = await screen.findByRole("dialog", { name: "Compartilhar" });
    const image = within(dialog).getByRole("img", { name: "Cartão com o pensamento de Fernando Pessoa" });
    expect(image).toHaveAttribute("src", apiPaths.thoughtImage(7));
    const download = within(dialog).getByRole("link", { name: "Baixar imagem" });
    expect(download).toHaveAttribute("href", apiPaths.thoughtImage(7));
    expect(download).toHaveAttribute("download", "memoteca-fernando-pessoa-7.png");
    // jsdom has no Web Share API: no share button, the download comes first.
    expect(within(dialog).queryByRole("button", { name: "Compartilhar imagem" })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Copiar texto" }));
    expect(await within(dialog).findByText("Texto copiado.")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe("“Tudo vale a pena”\n— Fernando Pessoa");

    await user.click(within(dialog).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});

describe("the card's image in the share dialog", () => {
  async function openShare(autoria: string) {
    fakeApi.seed([makeThought({ id: 8, conteudo: "Bom dia ☀️🌻💙", autoria })]);
    const user = userEvent.setup();
    renderApp(paths.wall);
    const card = await screen.findByRole("article", { name: `Pensamento de ${autoria}` });
    await user.click(within(card).getByRole("button", { name: "Compartilhar" }));
    const dialog = await screen.findByRole("dialog", { name: "Compartilhar" });
    return {
      dialog,
      image: within(dialog).getByRole("img", { name: `Cartão com o pensamento de ${autoria}` }),
    };
  }

  it("says 'Gerando imagem…' in the image's place, busy, until the image has loaded", async () => {
    const { dialog, image } = await openShare("Alguém");
    const placeholder = within(dialog).getByText("Gerando imagem…");
    expect(placeholder.closest("[aria-busy]")).toHaveAttribute("aria-busy", "true");
    expect(image.closest("[aria-busy]")).toBe(placeholder.closest("[aria-busy]"));

    fireEvent.load(image);
    expect(within(dialog).queryByText("Gerando imagem…")).not.toBeInTheDocument();
    expect(image.closest("[aria-busy]")).toHaveAttribute("aria-busy", "false");
  });

  it("asks for the image twice more, then says it could not be drawn, and no longer that it is being drawn", async () => {
    const { dialog, image } = await openShare("Outra pessoa");
    const alt = "Cartão com o pensamento de Outra pessoa";
    fireEvent.error(image);
    // Still drawing, as far as the user knows: the image is asked for again a moment later.
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(dialog).getByText("Gerando imagem…")).toBeInTheDocument();
    fireEvent.error(await within(dialog).findByRole("img", { name: alt }));
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    fireEvent.error(await within(dialog).findByRole("img", { name: alt }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Não foi possível gerar a imagem.");
    expect(within(dialog).queryByText("Gerando imagem…")).not.toBeInTheDocument();
  });

  it("shows the image when a second ask brings it", async () => {
    const { dialog, image } = await openShare("Terceira pessoa");
    fireEvent.error(image);
    const again = await within(dialog).findByRole("img", {
      name: "Cartão com o pensamento de Terceira pessoa",
    });
    fireEvent.load(again);
    expect(within(dialog).queryByText("Gerando imagem…")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("the share texts", () => {
  it("quote the words and name the author", () => {
    expect(shareText({ conteudo: "  Carpe diem \n", autoria: " Horácio " })).toBe("“Carpe diem”\n— Horácio");
  });

  it("name the file after the author, safely, and the id", () => {
    expect(imageFileName({ id: 3, autoria: "Cazuza" })).toBe("memoteca-cazuza-3.png");
    expect(imageFileName({ id: 4, autoria: "João/Ñandú: ../etc" })).toBe("memoteca-joao-nandu-etc-4.png");
    expect(imageFileName({ id: 5, autoria: "李白" })).toBe("memoteca-pensamento-5.png");
  });
});
