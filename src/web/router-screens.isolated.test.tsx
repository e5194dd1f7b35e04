import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "./paths";
import { makeThought } from "./testing/make-thought";
import { renderApp } from "./testing/render-app";
import { fakeApi } from "./testing/server";

// The delete dialog's code never arrives, as when the server restarted with new file names.
vi.mock("./removal/RemovalDialog", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/RemovalDialog-x.js");
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the app's lazy screens", () => {
  // First in this file: the forms' code is then not loaded yet, so the screen waits for it.
  it("names the tab after the edit screen while its code loads, with a styled 'Carregando…'", async () => {
    fakeApi.seed([makeThought({ id: 4, conteudo: "Ainda carregando" })]);
    document.title = "Meu mural · Memoteca";
    renderApp(paths.edit(4));
    expect(screen.getByRole("status")).toHaveTextContent("Carregando…");
    expect(document.title).toBe("Editar pensamento · Memoteca");
    expect(await screen.findByRole("textbox", { name: "Pensamento" })).toHaveValue("Ainda carregando");
    expect(document.title).toBe("Editar pensamento · Memoteca");
  });

  it("shows the message inside the header and footer when a screen's code cannot load, and Back to the wall recovers", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fakeApi.seed([makeThought({ id: 3, conteudo: "Fica no mural" })]);
    const { location } = renderApp(paths.remove(3));
    const main = screen.getByRole("main");
    expect(
      await within(main).findByRole("heading", { level: 1, name: "Algo deu errado" }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(within(main).getByRole("button", { name: "Recarregar" })).toBeInTheDocument();

    await userEvent.setup().click(within(main).getByRole("link", { name: "Voltar ao mural" }));
    expect(location.history?.at(-1)).toBe(paths.wall);
    expect(await screen.findByRole("heading", { level: 1, name: "Meu mural" })).toBeInTheDocument();
    // On its card (and as the day's thought, the only one there is).
    expect((await screen.findAllByText("Fica no mural")).length).toBeGreaterThan(0);
    expect(screen.queryByRole("heading", { name: "Algo deu errado" })).not.toBeInTheDocument();
  });
});
