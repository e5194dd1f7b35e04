import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

const heading = (name: string) => screen.getByRole("heading", { level: 1, name });

describe("the focus after a route change", { timeout: 20_000 }, () => {
  it("stays where the browser puts it on the first load", async () => {
    fakeApi.seed([makeThought()]);
    renderApp(paths.wall);
    await screen.findByRole("article");
    expect(document.body).toHaveFocus();
  });

  it("goes to the field a new screen is for, once its code has loaded, and back to the wall's heading", async () => {
    fakeApi.seed([makeThought()]);
    const { location } = renderApp(paths.wall);
    await screen.findByRole("article");
    await userEvent.click(screen.getByRole("link", { name: "Novo pensamento" }));
    await screen.findByRole("heading", { level: 1, name: "Adicione um novo pensamento" });
    const text = screen.getByRole("textbox", { name: "Pensamento" });
    await waitFor(() => expect(text).toHaveFocus());

    act(() => location.navigate(paths.wall));
    await waitFor(() => expect(heading("Meu mural")).toHaveFocus());
    // Focusable by script only: not a stop of the Tab order.
    expect(heading("Meu mural")).toHaveAttribute("tabindex", "-1");
  });

  it("follows the edit screen from its loading heading to the loaded form's text box, caret at the end", async () => {
    fakeApi.seed([makeThought({ id: 3, conteudo: "Para editar" })]);
    const hold = fakeApi.hold((url) => url.pathname.endsWith("/3"));
    renderApp(paths.wall);
    const card = await screen.findByRole("article");
    await userEvent.click(within(card).getByRole("link", { name: "Editar pensamento" }));
    await screen.findByText("Carregando pensamento…");
    await waitFor(() => expect(heading("Editar pensamento")).toHaveFocus());
    act(() => hold.release());
    const text = await screen.findByRole("textbox", { name: "Pensamento" });
    expect(text).toHaveValue("Para editar");
    await waitFor(() => expect(text).toHaveFocus());
    expect(text).toHaveProperty("selectionStart", "Para editar".length);
  });

  it("stays in the search box while typing changes the address, and on the toggle when the mode changes", async () => {
    fakeApi.seed([makeThought({ conteudo: "Amor" }), makeThought({ conteudo: "Outro" })]);
    renderApp(paths.wall);
    await screen.findAllByRole("article");
    const box = screen.getByRole("searchbox");
    await userEvent.type(box, "amor");
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(box).toHaveFocus();
    const favorites = screen.getByRole("button", { name: "Meus favoritos" });
    await userEvent.click(favorites);
    await screen.findByRole("heading", { level: 1, name: "Meus favoritos" });
    expect(favorites).toHaveFocus();
  });

  it("is left to the delete dialog, drawn over the wall, which takes it and gives it back", async () => {
    fakeApi.seed([makeThought({ id: 5 })]);
    renderApp(paths.wall);
    const card = await screen.findByRole("article");
    const remove = within(card).getByRole("link", { name: "Excluir pensamento" });
    await userEvent.click(remove);
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancelar" })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(remove).toHaveFocus();
  });
});
