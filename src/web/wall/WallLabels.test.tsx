import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { makeThought } from "../testing/make-thought";
import { fakeApi } from "../testing/server";

function seed() {
  fakeApi.seed([
    makeThought({ conteudo: "Tudo vale a pena", autoria: "Fernando Pessoa", etiquetas: ["Poesia", "Alma"] }),
    makeThought({
      conteudo: "O poeta é um fingidor",
      autoria: "Fernando Pessôa",
      etiquetas: ["poesia"],
      favorito: true,
    }),
    makeThought({ conteudo: "Tanto mar", autoria: "Chico Buarque", etiquetas: ["Mar"] }),
  ]);
}

const cards = () =>
  screen.getAllByRole("article").map((card) => within(card).getByText(/./, { selector: "p" }).textContent);

describe("labels and authors on the wall", { timeout: 20_000 }, () => {
  it("shows a thought's labels as chips that lead to the wall of that label", async () => {
    seed();
    const { location } = renderWall();
    // The oldest thought is also the day's, drawn above the wall: its card on the wall is the article.
    const card = (await screen.findAllByRole("article")).find((article) =>
      within(article).queryByText("Tudo vale a pena"),
    ) as HTMLElement;
    const chips = within(within(card).getByRole("list", { name: "Etiquetas" })).getAllByRole("link");
    expect(chips.map((chip) => chip.textContent)).toEqual(["Poesia", "Alma"]);
    expect(chips[0]).toHaveAttribute("href", "/listarPensamento?etiqueta=Poesia");
    await userEvent.click(chips[0] as HTMLElement);
    expect(location.history.at(-1)).toBe("/listarPensamento?etiqueta=Poesia");
    expect(
      await screen.findByRole("heading", { level: 2, name: "Etiqueta “Poesia” · 2 pensamentos" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(cards()).toEqual(["O poeta é um fingidor", "Tudo vale a pena"]));
    expect(document.title).toBe("Etiqueta “Poesia” · Meu mural · Memoteca");
  });

  it("keeps the label with the favourites and the search, and lifts it with its link", async () => {
    seed();
    const { location } = renderWall("/listarPensamento?etiqueta=poesia");
    await screen.findByText("Tudo vale a pena");
    await userEvent.click(screen.getByRole("button", { name: "Meus favoritos" }));
    expect(location.history.at(-1)).toBe("/listarPensamento?favoritos=true&etiqueta=poesia");
    await waitFor(() => expect(cards()).toEqual(["O poeta é um fingidor"]));
    await userEvent.click(screen.getByRole("link", { name: "Remover filtro de etiqueta" }));
    expect(location.history.at(-1)).toBe("/listarPensamento?favoritos=true");
  });

  it("leads from an author to that author's thoughts, whatever the accents, with a count", async () => {
    seed();
    const { location } = renderWall();
    await screen.findAllByRole("article");
    const [link] = screen.getAllByRole("link", { name: "Ver pensamentos de Fernando Pessoa" });
    await userEvent.click(link as HTMLElement);
    expect(location.history.at(-1)).toBe("/listarPensamento?autoria=Fernando+Pessoa");
    expect(
      await screen.findByRole("heading", { level: 2, name: "Fernando Pessoa · 2 pensamentos" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(cards()).toEqual(["O poeta é um fingidor", "Tudo vale a pena"]));
    // The heading leads to all of the author's sources.
    expect(screen.getByRole("link", { name: "Fontes deste autor" })).toHaveAttribute(
      "href",
      "/fontes?autoria=Fernando%20Pessoa",
    );
  });

  it("names the label and the author in the heading as stored, not as the address spells them", async () => {
    seed();
    renderWall("/listarPensamento?etiqueta=POESIA");
    // No thought spells it 'POESIA'; the newest shown spells it 'poesia' (a rename or a merge rewrites every
    // thought's spelling, so after one the old name in an address gives way to the new).
    expect(
      await screen.findByRole("heading", { level: 2, name: "Etiqueta “poesia” · 2 pensamentos" }),
    ).toBeInTheDocument();
  });

  it("names the author as the newest thought shown spells it, whatever the address's case and accents", async () => {
    seed();
    renderWall("/listarPensamento?autoria=fernando+pessoa");
    // Neither thought spells it so: the newest's spelling, with its accent.
    expect(
      await screen.findByRole("heading", { level: 2, name: "Fernando Pessôa · 2 pensamentos" }),
    ).toBeInTheDocument();
  });
});
