import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiPaths } from "../../domain/contract";
import { thoughtKeys } from "../api/thoughts";
import type { WallPages } from "../api/use-thought-list";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { renderAt, testQueryClient } from "../testing/render-at";
import { fakeApi } from "../testing/server";
import { RemovalDialog } from "./RemovalDialog";

function storeThought() {
  fakeApi.seed([makeThought({ id: 3, conteudo: "Vai embora", autoria: "Alguém" })]);
}

const deletes = () => fakeApi.requests().filter((request) => request.method === "DELETE");

function renderPage(path: string, client = testQueryClient()) {
  renderAt(
    path,
    [
      { path: paths.patterns.remove, element: <RemovalDialog /> },
      { path: paths.wall, element: <h1>Meu mural</h1> },
    ],
    client,
  );
}

describe("the delete dialog", () => {
  it("opens with the question, the thought and the focus on Cancelar", async () => {
    storeThought();
    renderPage(paths.remove(3));
    const dialog = screen.getByRole("dialog", { name: "Excluir pensamento" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription("O pensamento será deletado. Confirma a exclusão?");
    expect(await screen.findByText("Vai embora")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancelar" })).toHaveFocus();
  });

  it("deletes on Excluir and returns to the wall", async () => {
    storeThought();
    renderPage(paths.remove(3));
    await screen.findByText("Vai embora");
    await userEvent.setup().click(screen.getByRole("button", { name: "Excluir" }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    expect(deletes().map((request) => request.url.pathname)).toEqual([apiPaths.thought(3)]);
    expect(fakeApi.thought(3)).toBeUndefined();
  });

  it("opened from the wall, shows the card's thought and deletes it before the server has sent it again", async () => {
    storeThought();
    const client = testQueryClient();
    const wall: WallPages = { pages: [{ items: fakeApi.thoughts(), total: 1 }], pageParams: [undefined] };
    client.setQueryData(thoughtKeys.list({ favorites: false }), wall);
    const detail = fakeApi.hold((url, method) => method === "GET" && url.pathname === apiPaths.thought(3));
    renderPage(paths.remove(3), client);

    expect(screen.getByText("Vai embora")).toBeInTheDocument();
    const excluir = screen.getByRole("button", { name: "Excluir" });
    expect(excluir).toHaveAttribute("aria-disabled", "false");
    await userEvent.setup().click(excluir);
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    expect(fakeApi.thought(3)).toBeUndefined();
    detail.release();
  });

  it("leaves without deleting when the browser cancels it (Esc)", async () => {
    storeThought();
    renderPage(paths.remove(3));
    await screen.findByText("Vai embora");
    fireEvent(screen.getByRole("dialog"), new Event("cancel", { cancelable: true }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    expect(deletes()).toEqual([]);
  });

  it.each(["404", "abc"])("says 'Pensamento não encontrado' for the id %s", async (id) => {
    storeThought();
    renderPage(paths.remove(id));
    expect(await screen.findByRole("dialog", { name: "Pensamento não encontrado" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Excluir" })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Voltar para o mural" }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
  });
});
