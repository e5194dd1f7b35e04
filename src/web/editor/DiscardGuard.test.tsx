import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { renderAt } from "../testing/render-at";
import { fakeApi } from "../testing/server";
import { CreatePage } from "./CreatePage";
import { EditPage } from "./EditPage";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

function renderForms(path: string) {
  return renderAt(path, [
    { path: paths.create, element: <CreatePage /> },
    { path: paths.patterns.edit, element: <EditPage /> },
    { path: paths.wall, element: <h1>Meu mural</h1> },
  ]);
}

const content = () => screen.getByRole("textbox", { name: "Pensamento" });
const author = () => screen.getByRole("textbox", { name: "Autoria ou fonte" });
const question = () => screen.queryByRole("dialog", { name: "Descartar alterações?" });
const cancel = () => screen.getByRole("button", { name: "Cancelar" });
const posts = () => fakeApi.requests().filter((request) => request.method !== "GET");

describe("leaving the create form", () => {
  it("leaves at once on Cancelar when nothing was typed", async () => {
    renderForms(paths.create);
    await userEvent.setup().click(cancel());
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    expect(question()).not.toBeInTheDocument();
  });

  it("leaves at once when what was typed was erased again", async () => {
    renderForms(paths.create);
    const user = userEvent.setup();
    await user.type(content(), "ab");
    await user.clear(content());
    await user.click(cancel());
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
  });

  it("asks 'Descartar alterações?' on Cancelar with unsaved text; 'Continuar editando' keeps it all", async () => {
    renderForms(paths.create);
    const user = userEvent.setup();
    await user.type(content(), "Um rascunho");
    await user.type(author(), "Eu");
    await user.click(screen.getByRole("radio", { name: "Modelo 3" }));
    await user.click(cancel());

    const dialog = question();
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription("O que você escreveu ainda não foi salvo e será perdido.");
    expect(screen.getByRole("button", { name: "Continuar editando" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Descartar" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Continuar editando" }));
    expect(question()).not.toBeInTheDocument();
    expect(content()).toHaveValue("Um rascunho");
    expect(author()).toHaveValue("Eu");
    expect(screen.getByRole("radio", { name: "Modelo 3" })).toBeChecked();
    expect(cancel()).toHaveFocus();
  });

  it("keeps everything typed when the question is dismissed with Esc", async () => {
    renderForms(paths.create);
    const user = userEvent.setup();
    await user.type(content(), "Não me perca");
    await user.click(cancel());
    const dialog = question();
    if (!dialog) throw new Error("the question did not open");
    // What the browser does on Esc in a modal <dialog> (jsdom has no Esc of its own).
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    expect(question()).not.toBeInTheDocument();
    expect(content()).toHaveValue("Não me perca");
    expect(screen.queryByRole("heading", { name: "Meu mural" })).not.toBeInTheDocument();
  });

  it("leaves without saving on 'Descartar'", async () => {
    renderForms(paths.create);
    const user = userEvent.setup();
    await user.type(content(), "Vai embora");
    await user.click(cancel());
    await user.click(screen.getByRole("button", { name: "Descartar" }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it("never asks when saving", async () => {
    renderForms(paths.create);
    const user = userEvent.setup();
    await user.type(content(), "Fica guardado");
    await user.type(author(), "Alguém");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    expect(question()).not.toBeInTheDocument();
    expect(fakeApi.thoughts()).toEqual([expect.objectContaining({ conteudo: "Fica guardado" })]);
  });

  it("asks before a link of the app (the logo) takes the user away, and follows it on 'Descartar'", async () => {
    renderApp(paths.create);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Pensamento" }), "Quase perdido");
    await user.click(screen.getByRole("link", { name: "Memoteca, ir para o mural" }));
    expect(question()).toBeInTheDocument();
    expect(content()).toHaveValue("Quase perdido");
    await user.click(screen.getByRole("button", { name: "Descartar" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Meu mural" })).toBeInTheDocument();
  });
});

describe("leaving the edit form", () => {
  function storeThought() {
    fakeApi.seed([makeThought({ id: 5, conteudo: "Como carregado", autoria: "Original" })]);
  }

  it("leaves at once on Cancelar when the loaded thought is unchanged", async () => {
    storeThought();
    renderForms(paths.edit(5));
    await screen.findByRole("textbox", { name: "Pensamento" });
    await userEvent.setup().click(cancel());
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
  });

  it("asks when the text differs from what was loaded, and not once it is put back", async () => {
    storeThought();
    renderForms(paths.edit(5));
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Pensamento" }), "!");
    await user.click(cancel());
    expect(question()).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continuar editando" }));
    await user.type(content(), "{Backspace}");
    await user.click(cancel());
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
  });
});

describe("the browser's Back on a form with unsaved text", () => {
  /** The form, opened from the wall: one entry past it. */
  async function openedFromTheWall() {
    const view = renderForms(paths.wall);
    await act(() => view.router.navigate(paths.create));
    return view;
  }

  it("stays on the form and asks; 'Continuar editando' keeps everything typed", async () => {
    const { router } = await openedFromTheWall();
    const user = userEvent.setup();
    await user.type(content(), "Escrito antes do Back");
    await act(() => router.navigate(-1));
    await waitFor(() => expect(question()).toBeInTheDocument());
    expect(router.state.location.pathname).toBe(paths.create);

    await user.click(screen.getByRole("button", { name: "Continuar editando" }));
    expect(content()).toHaveValue("Escrito antes do Back");
    expect(router.state.location.pathname).toBe(paths.create);
  });

  it("goes Back to where the user was going on 'Descartar'", async () => {
    const { router } = await openedFromTheWall();
    const user = userEvent.setup();
    await user.type(content(), "Descartado");
    await act(() => router.navigate(-1));
    await waitFor(() => expect(question()).toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Descartar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.wall));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
  });
});
