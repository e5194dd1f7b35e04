import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../domain/contract";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";

beforeAll(loadScreens);

function trashTwo() {
  fakeApi.seed([
    makeThought({ id: 1, conteudo: "Primeiro", autoria: "Ana" }),
    makeThought({ id: 2, conteudo: "Segundo", autoria: "Bia" }),
    makeThought({ id: 3, conteudo: "Fica no mural", autoria: "Caio" }),
  ]);
  fakeApi.trash(1);
  fakeApi.trash(2);
}

const emptyButton = () => screen.queryByRole("button", { name: "Esvaziar lixeira" });

describe("emptying the trash", () => {
  it("is not offered while the trash is empty", async () => {
    renderApp(paths.trash);
    await screen.findByText("A lixeira está vazia.");
    expect(emptyButton()).toBeNull();
  });

  it("asks first, saying how many thoughts go for good; Cancelar keeps them", async () => {
    trashTwo();
    renderApp(paths.trash);
    await screen.findByText("Primeiro");
    const user = userEvent.setup();
    await user.click(emptyButton() as HTMLElement);
    const dialog = screen.getByRole("dialog", { name: "Esvaziar lixeira?" });
    expect(dialog).toHaveAccessibleDescription(
      "2 pensamentos serão apagados para sempre. Essa ação não pode ser desfeita.",
    );
    expect(within(dialog).getByRole("button", { name: "Cancelar" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fakeApi.trashed()).toHaveLength(2);
    expect(fakeApi.requests().filter((request) => request.method === "DELETE")).toEqual([]);
  });

  it("deletes every thought in it for good from the keyboard, says so, and leaves the wall alone", async () => {
    trashTwo();
    renderApp(paths.trash);
    await screen.findByText("Primeiro");
    const user = userEvent.setup();
    (emptyButton() as HTMLElement).focus();
    await user.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog", { name: "Esvaziar lixeira?" });
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Esvaziar lixeira" })).toHaveFocus();
    await user.keyboard("{Enter}");

    expect(await screen.findByText("A lixeira está vazia.")).toBeInTheDocument();
    expect(screen.getByText("Lixeira esvaziada: 2 pensamentos apagados para sempre.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Lixeira" })).toHaveFocus());
    expect(emptyButton()).toBeNull();
    expect(fakeApi.trashed()).toEqual([]);
    expect(fakeApi.thoughts().map((thought) => thought.id)).toEqual([3]);
    const deletes = fakeApi.requests().filter((request) => request.method === "DELETE");
    expect(deletes.map((request) => request.url.pathname)).toEqual([apiPaths.trash]);
  });

  it("says so when the server could not empty it, and keeps everything", async () => {
    trashTwo();
    renderApp(paths.trash);
    await screen.findByText("Primeiro");
    const user = userEvent.setup();
    await user.click(emptyButton() as HTMLElement);
    fakeApi.failNext("DELETE");
    const dialog = screen.getByRole("dialog", { name: "Esvaziar lixeira?" });
    await user.click(within(dialog).getByRole("button", { name: "Esvaziar lixeira" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("A lixeira não foi esvaziada.");
    expect(fakeApi.trashed()).toHaveLength(2);
  });

  it("ends the wall's 'Desfazer' for a thought it deleted for good", async () => {
    trashTwo();
    fakeApi.seed([
      ...fakeApi.thoughts(),
      makeThought({ id: 4, conteudo: "Excluído agora", autoria: "Dora" }),
    ]);
    const user = userEvent.setup();
    const { location } = renderApp(paths.remove(4));
    await screen.findByText("Excluído agora", { selector: "blockquote" });
    await user.click(screen.getByRole("button", { name: "Excluir" }));
    await screen.findByText("Pensamento excluído.");

    act(() => location.navigate(paths.trash));
    await screen.findByText("Excluído agora");
    await user.click(emptyButton() as HTMLElement);
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Esvaziar lixeira" }));
    await screen.findByText("A lixeira está vazia.");

    act(() => location.navigate(paths.wall));
    await screen.findByRole("heading", { level: 1, name: "Meu mural" });
    expect(await screen.findAllByRole("article")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Desfazer" })).toBeNull();
    expect(screen.queryByText("Pensamento excluído.")).toBeNull();
  });
});
