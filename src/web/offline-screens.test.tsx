import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiPaths } from "../domain/contract";
import { paths } from "./paths";
import { makeThought } from "./testing/make-thought";
import { loadScreens, renderApp } from "./testing/render-app";
import { fakeApi, server } from "./testing/server";

beforeAll(loadScreens);
afterEach(() => vi.restoreAllMocks());

/**
 * The browser has no connection and the service worker kept no copy of these reads: each fails as fetch
 * does then. The connection comes back without the app being told (no 'online' event), as happens when a
 * network returns quietly: only 'Tentar de novo' asks again.
 */
function offlineFor(...urls: string[]) {
  const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  server.use(...urls.map((url) => http.get(url, () => HttpResponse.error())));
  return {
    back: () => {
      online.mockReturnValue(true);
      server.resetHandlers();
    },
  };
}

describe("a screen that needs the server, opened offline", () => {
  it("the trash says it needs the connection, and 'Tentar de novo' shows it once back", async () => {
    fakeApi.seed([makeThought({ id: 1, conteudo: "Foi para a lixeira" })]);
    fakeApi.trash(1);
    const connection = offlineFor(apiPaths.trash);
    renderApp(paths.trash);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("A lixeira precisa de conexão");
    expect(screen.queryByText("Carregando a lixeira…")).not.toBeInTheDocument();

    connection.back();
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Tentar de novo" }));
    expect(await screen.findByText("Foi para a lixeira")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a search address says the search needs the connection, and finds once back", async () => {
    fakeApi.seed([makeThought({ conteudo: "Um poema de amor" }), makeThought({ conteudo: "Outra coisa" })]);
    const connection = offlineFor(apiPaths.thoughts);
    renderApp(`${paths.wall}?q=poema`);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("A busca precisa de conexão");
    expect(screen.queryByText("Carregando pensamentos…")).not.toBeInTheDocument();

    connection.back();
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Tentar de novo" }));
    // The match is marked, so the card's text is in pieces.
    expect(await screen.findAllByRole("article")).toHaveLength(1);
    expect(screen.getByRole("article")).toHaveTextContent("Um poema de amor");
  });

  it("a search typed offline replaces the cards with the message, instead of leaving the old ones waiting", async () => {
    fakeApi.seed([makeThought({ conteudo: "Um poema de amor" }), makeThought({ conteudo: "Outra coisa" })]);
    renderApp(paths.wall);
    await screen.findByText("Outra coisa");
    offlineFor(apiPaths.thoughts);
    await userEvent.setup().type(screen.getByRole("searchbox"), "poema");
    expect(await screen.findByRole("alert")).toHaveTextContent("A busca precisa de conexão");
    expect(screen.queryByText("Outra coisa")).not.toBeInTheDocument();
  });

  it("the labels and a thought's edit form say that they need the connection", async () => {
    fakeApi.seed([makeThought({ id: 5, conteudo: "Guardado?" })]);
    offlineFor(apiPaths.labels, apiPaths.thought(5));
    const labels = renderApp(paths.labels);
    expect(await screen.findByRole("alert")).toHaveTextContent("As etiquetas precisam de conexão");
    labels.unmount();
    renderApp(paths.edit(5));
    expect(await screen.findByRole("alert")).toHaveTextContent("Este pensamento precisa de conexão");
  });
});
