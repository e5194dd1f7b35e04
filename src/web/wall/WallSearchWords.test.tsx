import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { makeThought } from "../testing/make-thought";
import { fakeApi } from "../testing/server";

/** The content of each card on the wall: its first paragraph (the second is the author). */
const cardTexts = () =>
  screen.queryAllByRole("article").map((card) => within(card).getAllByRole("paragraph")[0]?.textContent);

function seedLibrary() {
  fakeApi.seed([
    makeThought({
      conteudo: "O poeta é um fingidor",
      autoria: "Fernando Pessoa",
      etiquetas: ["Modernismo"],
      fonte: "Cancioneiro",
    }),
    makeThought({ conteudo: "Eu sou trezentos", autoria: "Mário de Andrade", etiquetas: ["Modernismo"] }),
    makeThought({ conteudo: "A vida é a arte do encontro", autoria: "Vinicius de Moraes" }),
  ]);
}

describe("searching by words", { timeout: 20_000 }, () => {
  it("finds every word in any order, in the text or a label, and marks each word in the card", async () => {
    seedLibrary();
    renderWall();
    const box = await screen.findByRole("searchbox", { name: "O que você procura" });
    await userEvent.type(box, "fingidor POETA");
    await waitFor(() => expect(cardTexts()).toEqual(["O poeta é um fingidor"]));
    const card = screen.getByRole("article");
    expect(
      within(card)
        .getAllByText(/./, { selector: "mark" })
        .map((mark) => mark.textContent),
    ).toEqual(["poeta", "fingidor"]);

    await userEvent.clear(box);
    await userEvent.type(box, "modernismo trezentos");
    await waitFor(() => expect(cardTexts()).toEqual(["Eu sou trezentos"]));
  });

  it("says what found nothing, offers the labels and authors whose names hold a word, and clears", async () => {
    seedLibrary();
    const { location } = renderWall();
    const box = await screen.findByRole("searchbox", { name: "O que você procura" });
    await userEvent.type(box, "mário modernismo vinicius");

    expect(
      await screen.findByText("Nenhum pensamento encontrado para “mário modernismo vinicius”."),
    ).toBeVisible();
    const labels = await screen.findByRole("region", { name: "Etiquetas com essas palavras" });
    expect(within(labels).getByRole("link", { name: "Modernismo (2 pensamentos)" })).toHaveAttribute(
      "href",
      "/listarPensamento?etiqueta=Modernismo",
    );
    const authors = screen.getByRole("region", { name: "Autores com essas palavras" });
    expect(
      within(authors)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Mário de Andrade (1 pensamento)", "Vinicius de Moraes (1 pensamento)"]);

    await userEvent.click(screen.getByRole("button", { name: "Limpar busca" }));
    await waitFor(() => expect(cardTexts()).toHaveLength(3));
    expect(box).toHaveValue("");
    expect(box).toHaveFocus();
    expect(location.history.at(-1)).toBe("/listarPensamento");
    expect(screen.queryByRole("button", { name: "Limpar busca" })).not.toBeInTheDocument();
  });

  it("offers the sources whose names hold a word, each leading to its page with its author", async () => {
    seedLibrary();
    renderWall();
    await userEvent.type(
      await screen.findByRole("searchbox", { name: "O que você procura" }),
      "cancioneiro xyz",
    );
    const sources = await screen.findByRole("region", { name: "Fontes com essas palavras" });
    expect(
      within(sources).getByRole("link", { name: "Cancioneiro, de Fernando Pessoa (1 pensamento)" }),
    ).toHaveAttribute("href", "/fontes/Cancioneiro?autoria=Fernando%20Pessoa");
  });

  it("offers only the way back when no name holds a word", async () => {
    seedLibrary();
    renderWall();
    await userEvent.type(await screen.findByRole("searchbox"), "xyz");
    expect(await screen.findByRole("button", { name: "Limpar busca" })).toBeVisible();
    await waitFor(() => expect(fakeApi.listRequests().length).toBeGreaterThan(0));
    expect(screen.queryByRole("region", { name: /com essas palavras/ })).not.toBeInTheDocument();
  });

  it("takes a suggested author to the author's thoughts", async () => {
    seedLibrary();
    const { location } = renderWall();
    await userEvent.type(await screen.findByRole("searchbox"), "andrade xyz");
    await userEvent.click(await screen.findByRole("link", { name: /Mário de Andrade/ }));
    await waitFor(() => expect(cardTexts()).toEqual(["Eu sou trezentos"]));
    const address = new URL(location.history.at(-1) ?? "", "http://localhost");
    expect(address.searchParams.get("autoria")).toBe("Mário de Andrade");
    expect(address.searchParams.has("q")).toBe(false);
    expect(screen.getByRole("searchbox")).toHaveValue("");
  });
});
