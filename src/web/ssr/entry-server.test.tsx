import { hydrate } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot, type Root } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { apiPaths } from "../../domain/contract";
import { App } from "../App";
import { createQueryClient } from "../api/query-client";
import { routes } from "../router";
import { makeThought, makeThoughts } from "../testing/make-thought";
import { fakeApi } from "../testing/server";
import { type ApiGet, type RenderedPage, renderWall } from "./entry-server";
import { FIRST_PAGE_STATE_ID, readFirstPageState } from "./first-page-state";

/** The API as the server's render asks it: here the fake API, through fetch. */
const get: ApiGet = async (path) => {
  const response = await fetch(new URL(path, location.origin));
  return {
    status: response.status,
    body: await response.text(),
    header: (name) => response.headers.get(name),
  };
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  history.replaceState(null, "", "/");
});

/** Puts the server's page in the document and hydrates it, as main.tsx does; returns React's complaints. */
async function hydrateServerPage(url: string, rendered?: RenderedPage): Promise<string[]> {
  const page = rendered ?? (await renderWall(url, get));
  if (!page) throw new Error(`nothing rendered for ${url}`);
  history.replaceState(null, "", url);
  document.body.innerHTML = `<div id="root">${page.html}</div><script type="application/json" id="${FIRST_PAGE_STATE_ID}">${page.state}</script>`;
  const complaints: string[] = [];
  const client = createQueryClient();
  const state = readFirstPageState();
  if (!state) throw new Error("the page has no state block");
  hydrate(client, state);
  const container = document.getElementById("root") as HTMLElement;
  await act(async () => {
    root = hydrateRoot(
      container,
      <App client={client} router={<RouterProvider router={createBrowserRouter(routes)} />} />,
      {
        onRecoverableError: (error) => complaints.push(String(error)),
      },
    );
  });
  return complaints;
}

describe("the wall rendered on the server", () => {
  it("carries the first page, the day's thought and the view's title, and asks the API nothing more (but the review's count)", async () => {
    fakeApi.seed(makeThoughts(8));
    const page = await renderWall("/listarPensamento", get);
    expect(page?.title).toBe("Meu mural · Memoteca");
    expect(page?.html).toContain("Pensamento do dia");
    expect(page?.html.match(/<article/g)).toHaveLength(6);
    const requestsBefore = fakeApi.requests().length;

    const complaints = await hydrateServerPage("/listarPensamento", page);
    expect(complaints).toEqual([]);
    expect(screen.getAllByRole("article")).toHaveLength(6);
    expect(
      fakeApi
        .requests()
        .slice(requestsBefore)
        .map(({ method, url }) => `${method} ${url.pathname}`)
        // 'Revisão · 5': what is left of the day's review is asked for once the page has settled.
        .filter((request) => request !== `GET ${apiPaths.review}`),
    ).toEqual([]);
  });

  it("hydrates into a working wall: a favorite is saved from the server's HTML", async () => {
    fakeApi.seed([makeThought({ conteudo: "Salvo pelo servidor", autoria: "Ana" })]);
    const complaints = await hydrateServerPage("/listarPensamento");
    const card = screen.getByRole("article", { name: "Pensamento de Ana" });
    await userEvent.click(within(card).getByRole("button", { name: "Favorito" }));
    expect(await within(card).findByRole("button", { name: "Favorito", pressed: true })).toBeVisible();
    // Sent once the pressed heart has painted (see FavoriteHeart).
    await waitFor(() => expect(fakeApi.thoughts()[0]?.favorito).toBe(true));
    expect(complaints).toEqual([]);
  });

  it("renders the view in the address: the search and favorites only, without the day's thought", async () => {
    fakeApi.seed([
      makeThought({ conteudo: "Amor favorito", favorito: true }),
      makeThought({ conteudo: "Amor comum" }),
    ]);
    const page = await renderWall("/listarPensamento?q=amor&favoritos=true", get);
    expect(page?.title).toBe("Busca “amor” · Meus favoritos · Memoteca");
    expect(page?.html).toContain("<mark>Amor</mark> favorito");
    expect(page?.html).not.toContain("comum");
    expect(page?.html).not.toContain("Pensamento do dia");
    const complaints = await hydrateServerPage("/listarPensamento?q=amor&favoritos=true");
    expect(complaints).toEqual([]);
  });

  it("leaves the page to the browser for other addresses, a visitor without the password, and a failing API", async () => {
    fakeApi.seed([makeThought({ conteudo: "Segredo" })]);
    expect(await renderWall("/criarPensamento", get)).toBeUndefined();

    fakeApi.failNext("GET");
    expect(await renderWall("/listarPensamento", get)).toBeUndefined();

    fakeApi.setPassword("uma senha");
    expect(await renderWall("/listarPensamento", get)).toBeUndefined();
  });

  it("keeps the state block closed whatever the thoughts say", async () => {
    fakeApi.seed([makeThought({ conteudo: "</script><script>alert(1)</script><!--" })]);
    const page = await renderWall("/listarPensamento", get);
    expect(page?.state).not.toContain("<");
    const complaints = await hydrateServerPage("/listarPensamento");
    expect(complaints).toEqual([]);
    expect(screen.getAllByText("</script><script>alert(1)</script><!--").length).toBeGreaterThan(0);
  });
});
