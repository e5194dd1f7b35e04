import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiPaths, IDEMPOTENCY_KEY_HEADER } from "../domain/contract";
import { loadOutbox, setOutboxLoader } from "./api/outbox/outbox-state";
import { paths } from "./paths";
import { makeThought } from "./testing/make-thought";
import { loadScreens, renderApp } from "./testing/render-app";
import { fakeApi, server } from "./testing/server";

// A file of its own module registry (*.isolated): the outbox it fills is gone with it.
beforeAll(async () => {
  await loadScreens();
  setOutboxLoader(() => import("./forms"));
});
afterEach(() => vi.restoreAllMocks());

describe("a thought saved without a connection", () => {
  it("says in the form's bar that it will wait, waits on its card, counted above, and reaches the server once, with its key, when the connection is back", async () => {
    fakeApi.seed([makeThought({ id: 1, conteudo: "Já estava aqui" })]);
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    server.use(http.post(apiPaths.thoughts, () => HttpResponse.error()));
    const keys: (string | null)[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method === "POST" && new URL(request.url).pathname === apiPaths.thoughts) {
        keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
      }
    });
    const user = userEvent.setup();
    renderApp(paths.create);

    await user.type(
      await screen.findByRole("textbox", { name: "Pensamento" }, { timeout: 10_000 }),
      "Escrito no túnel",
    );
    await user.type(screen.getByLabelText("Autoria ou fonte"), "Eu mesma");
    expect(
      await screen.findByText(
        "Sem conexão: ao salvar, o pensamento fica guardado neste aparelho e é enviado quando a conexão voltar.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    const card = await screen.findByRole("article", { name: "Pensamento de Eu mesma" }, { timeout: 10_000 });
    expect(card).toHaveTextContent("Escrito no túnel");
    expect(await within(card).findByText("Aguardando envio")).toBeInTheDocument();
    expect(await screen.findByText("Aguardando conexão · 1")).toBeInTheDocument();
    expect(
      screen.getByText("Guardado neste aparelho: será enviado quando a conexão voltar."),
    ).toBeInTheDocument();
    expect(fakeApi.thoughts().map((thought) => thought.conteudo)).toEqual(["Já estava aqui"]);

    online.mockReturnValue(true);
    server.resetHandlers();
    const { outbox } = await loadOutbox();
    await outbox().drain();
    await waitFor(() => expect(screen.queryByText("Aguardando envio")).not.toBeInTheDocument());
    expect(fakeApi.thoughts().filter((thought) => thought.conteudo === "Escrito no túnel")).toHaveLength(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    server.events.removeAllListeners();
  }, 30_000);
});
