import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";

beforeAll(loadScreens);

/** The screen's code arrives first: a loaded machine takes more than findBy's default second. */
const SLOW = { timeout: 10_000 };

function seed() {
  fakeApi.seed([
    makeThought({
      id: 1,
      autoria: "Machado de Assis",
      fonte: "Dom Casmurro",
      local: "p. 10",
      conteudo: "Dez",
    }),
    makeThought({
      id: 2,
      autoria: "Machado de Assis",
      fonte: "Dom Casmurro",
      local: "p. 9",
      conteudo: "Nove",
    }),
    makeThought({ id: 3, autoria: "Clarice Lispector", fonte: "Água viva", conteudo: "É tão vasto" }),
    makeThought({ id: 4, autoria: "Machado de Assis", fonte: "Quincas Borba", conteudo: "Ao vencedor" }),
    makeThought({ id: 5, autoria: "Machado de Assis", fonte: "Dom Casmurro", conteudo: "Sem página" }),
    makeThought({ id: 6, autoria: "Anônimo", conteudo: "Sem fonte" }),
  ]);
}

const rows = (name: string) =>
  within(screen.getByRole("list", { name }))
    .getAllByRole("listitem")
    .map((row) => row.textContent);

describe("the sources screen", { timeout: 20_000 }, () => {
  it("lists every source with its author and count in pt-BR order, each leading to its page", async () => {
    seed();
    renderApp(paths.sources);
    expect(await screen.findByRole("heading", { level: 1, name: "Fontes" }, SLOW)).toBeInTheDocument();
    await screen.findByRole("link", { name: "Dom Casmurro" }, SLOW);
    expect(document.title).toBe("Fontes · Memoteca");
    expect(rows("Fontes do mural")).toEqual([
      "Água vivade Clarice Lispector1 pensamento",
      "Dom Casmurrode Machado de Assis3 pensamentos",
      "Quincas Borbade Machado de Assis1 pensamento",
    ]);
    expect(screen.getByRole("link", { name: "Dom Casmurro" })).toHaveAttribute(
      "href",
      "/fontes/Dom%20Casmurro?autoria=Machado%20de%20Assis",
    );
    expect(screen.getAllByRole("link", { name: "Machado de Assis" })[0]).toHaveAttribute(
      "href",
      "/listarPensamento?autoria=Machado%20de%20Assis",
    );
  });

  it("keeps one author's sources when the address names the author", async () => {
    seed();
    renderApp(paths.sourcesOf("machado de assis"));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Fontes de machado de assis" }, SLOW),
    ).toBeInTheDocument();
    await screen.findByRole("link", { name: "Quincas Borba" }, SLOW);
    expect(rows("Fontes do mural")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Todas as fontes" })).toHaveAttribute("href", paths.sources);
  });
});

describe("a source's page", { timeout: 20_000 }, () => {
  it("shows the source's thoughts by place, numbers by value, those without a place last", async () => {
    seed();
    renderApp(paths.source("Dom Casmurro", "Machado de Assis"));
    expect(await screen.findByRole("heading", { level: 1, name: "Dom Casmurro" }, SLOW)).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Pensamentos de Dom Casmurro" }, SLOW);
    expect(
      within(list)
        .getAllByRole("article")
        .map((card) => card.getAttribute("aria-label")),
    ).toEqual([
      "Pensamento de Machado de Assis, p. 9",
      "Pensamento de Machado de Assis, p. 10",
      "Pensamento de Machado de Assis",
    ]);
    expect(screen.getByText("3 pensamentos")).toBeInTheDocument();
    expect(document.title).toBe("Dom Casmurro · Fontes · Memoteca");
    await userEvent.click(screen.getByRole("link", { name: "Todas as fontes" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Fontes" }, SLOW)).toBeInTheDocument();
  });

  it("takes a source whose name holds a slash or a question mark", async () => {
    fakeApi.seed([
      makeThought({ id: 1, autoria: "Alguém", fonte: "Ensaios / Essais?", conteudo: "Que sei eu" }),
    ]);
    renderApp(paths.source("Ensaios / Essais?"));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Ensaios / Essais?" }, SLOW),
    ).toBeInTheDocument();
    expect(await screen.findByText("Que sei eu", {}, SLOW)).toBeInTheDocument();
  });
});
