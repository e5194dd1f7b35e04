import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { paths } from "../paths";
import { makeThoughts } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

async function openWall(address: string = paths.wall) {
  fakeApi.seed(makeThoughts(2));
  const view = renderApp(address);
  await screen.findAllByRole("article");
  return view;
}

const searchBox = () => screen.getByRole("searchbox", { name: "O que você procura" });

describe("the keyboard shortcuts", { timeout: 20_000 }, () => {
  it("/ focuses the search, without typing the slash into it", async () => {
    await openWall();
    await userEvent.keyboard("/");
    expect(searchBox()).toHaveFocus();
    expect(searchBox()).toHaveValue("");
    expect(searchBox()).toHaveAttribute("aria-keyshortcuts", "/");
  });

  it("n opens the new-thought form, as a new history entry", async () => {
    const { location } = await openWall();
    await userEvent.keyboard("n");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Adicione um novo pensamento" }),
    ).toBeVisible();
    expect(location.history).toEqual([paths.wall, paths.create]);
  });

  it("? lists the shortcuts in a dialog that 'Fechar' closes", async () => {
    await openWall();
    await userEvent.keyboard("?");
    const dialog = await screen.findByRole("dialog", { name: "Atalhos do teclado" });
    for (const action of [
      "Buscar no mural",
      "Novo pensamento",
      "Surpreenda-me (no mural)",
      "Desfazer a exclusão ou a remoção dos favoritos (no mural)",
      "Mostrar estes atalhos",
    ]) {
      expect(within(dialog).getByText(action)).toBeInTheDocument();
    }
    const close = within(dialog).getByRole("button", { name: "Fechar" });
    expect(close).toHaveFocus();
    // Its own keys do nothing behind it while it is open.
    await userEvent.keyboard("n");
    expect(screen.getByRole("heading", { level: 1, name: "Meu mural" })).toBeInTheDocument();
    await userEvent.click(close);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("Esc empties the search, from the box or from anywhere on the wall", async () => {
    const { location } = await openWall("/listarPensamento?q=n%C3%BAmero");
    expect(searchBox()).toHaveValue("número");
    await userEvent.click(searchBox());
    await userEvent.keyboard("{Escape}");
    expect(searchBox()).toHaveValue("");
    expect(location.history.at(-1)).toBe(paths.wall);
    expect(searchBox()).toHaveFocus();

    await userEvent.type(searchBox(), "número 2");
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    searchBox().blur();
    await userEvent.keyboard("{Escape}");
    expect(searchBox()).toHaveValue("");
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
    // Typing and clearing rewrote the wall's one entry.
    expect(location.history).toEqual([paths.wall]);
  });

  it("does nothing while typing in a field, nor with Ctrl, Alt or Meta", async () => {
    const { location } = await openWall();
    await userEvent.type(searchBox(), "n/?s");
    expect(searchBox()).toHaveValue("n/?s");
    expect(screen.queryByRole("dialog")).toBeNull();
    searchBox().blur();
    await userEvent.keyboard("{Control>}n{/Control}{Alt>}n{/Alt}{Meta>}n{/Meta}{Control>}s{/Control}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(location.history).toEqual(["/listarPensamento?q=n%2F%3Fs"]);
  });

  it("s opens 'Surpreenda-me', which gives the focus back to its button", async () => {
    await openWall();
    await userEvent.keyboard("s");
    const dialog = await screen.findByRole("dialog", { name: "Surpreenda-me" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Surpreenda-me" })).toHaveFocus();
  });
});
