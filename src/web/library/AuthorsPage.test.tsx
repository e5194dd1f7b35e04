import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../domain/contract";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi, server } from "../testing/server";

beforeAll(loadScreens);

/** The screen's code and answer arrive first: a loaded machine takes more than findBy's default second. */
const SLOW = { timeout: 10_000 };

const authors = [
  "Érico Verissimo",
  "Eva Furnari",
  "Clarice Lispector",
  "clarice lispector",
  "Adélia Prado",
  "1984 Coletivo",
];

describe("the authors screen", { timeout: 20_000 }, () => {
  it("lists every author with its count in pt-BR order, by letter, each leading to its thoughts", async () => {
    fakeApi.seed(authors.map((autoria, i) => makeThought({ id: i + 1, autoria })));
    renderApp(paths.authors);
    expect(await screen.findByRole("heading", { level: 1, name: "Autores" }, SLOW)).toBeInTheDocument();
    await screen.findByRole("link", { name: "Eva Furnari" }, SLOW);
    expect(document.title).toBe("Autores · Memoteca");
    const sections = screen
      .getAllByRole("region")
      .filter((region) => region.getAttribute("aria-labelledby")?.startsWith("letra-"));
    expect(
      sections.map((section) => [
        within(section).getByRole("heading", { level: 2 }).textContent,
        within(section)
          .getAllByRole("listitem")
          .map((row) => row.textContent),
      ]),
    ).toEqual([
      ["#", ["1984 Coletivo1 pensamento"]],
      ["A", ["Adélia Prado1 pensamento"]],
      ["C", ["Clarice Lispector2 pensamentos"]],
      ["E", ["Érico Verissimo1 pensamento", "Eva Furnari1 pensamento"]],
    ]);
    expect(screen.getByRole("link", { name: "Clarice Lispector" })).toHaveAttribute(
      "href",
      "/listarPensamento?autoria=Clarice%20Lispector",
    );
  });

  it("offers an index of the first letters that leads to each letter's section", async () => {
    fakeApi.seed(authors.map((autoria, i) => makeThought({ id: i + 1, autoria })));
    renderApp(paths.authors);
    const index = await screen.findByRole("navigation", { name: "Índice de letras" }, SLOW);
    const links = within(index).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("aria-label"))).toEqual([
      "Outros caracteres",
      "Letra A",
      "Letra C",
      "Letra E",
    ]);
    const letterE = within(index).getByRole("link", { name: "Letra E" });
    const target = letterE.getAttribute("href")?.slice(1) ?? "";
    expect(document.getElementById(target)).toHaveTextContent("E");
    expect(screen.getByRole("region", { name: "E" })).toContainElement(
      screen.getByRole("link", { name: "Eva Furnari" }),
    );
  });

  it("says when there is no author yet", async () => {
    renderApp(paths.authors);
    expect(await screen.findByText(/Nenhum autor ainda/)).toBeInTheDocument();
  });

  it("says what failed and tries again", async () => {
    fakeApi.seed([makeThought({ id: 1, autoria: "Cora Coralina" })]);
    server.use(
      http.get(apiPaths.authors, () =>
        HttpResponse.json({ error: { code: "internal", message: "Erro interno." } }, { status: 500 }),
      ),
    );
    renderApp(paths.authors);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Não foi possível carregar os autores. Erro interno.",
    );
    server.resetHandlers();
    await userEvent.click(screen.getByRole("button", { name: "Tentar de novo" }));
    await waitFor(() => expect(screen.getByRole("link", { name: "Cora Coralina" })).toBeInTheDocument());
  });

  it("loads the next authors on 'Carregar mais autores'", async () => {
    fakeApi.seed(
      Array.from({ length: 501 }, (_, i) =>
        makeThought({ id: i + 1, autoria: `Autor ${String(i).padStart(3, "0")}` }),
      ),
    );
    renderApp(paths.authors);
    // Text queries: role queries over 500 rows take seconds in jsdom.
    await screen.findByText("Autor 499");
    expect(screen.queryByText("Autor 500")).toBeNull();
    await userEvent.click(screen.getByText("Carregar mais autores"));
    expect(await screen.findByText("Autor 500")).toBeInTheDocument();
    expect(screen.queryByText("Carregar mais autores")).toBeNull();
  });
});
