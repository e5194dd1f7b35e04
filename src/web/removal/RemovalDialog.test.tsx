import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Thought } from "../../domain/thought";
import { paths } from "../paths";
import { renderAt } from "../test-support/render-at";
import { RemovalDialog } from "./RemovalDialog";

const stored: Thought = {
  id: 3,
  conteudo: "Vai embora",
  autoria: "Alguém",
  modelo: "modelo1",
  favorito: false,
};

beforeAll(() => {
  // jsdom has <dialog> but not its modal API; opening it is all these tests need from it.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubApi() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === "DELETE") return new Response(null, { status: 204 });
    if (url.endsWith(`/${stored.id}`)) return Response.json(stored);
    return Response.json({ error: { code: "not_found" } }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderPage(path: string) {
  renderAt(
    path,
    <>
      <Route path={paths.patterns.remove} element={<RemovalDialog />} />
      <Route path={paths.wall} element={<h1>Meu mural</h1>} />
    </>,
  );
}

describe("the delete dialog", () => {
  it("opens with the question, the thought and the focus on Cancelar", async () => {
    stubApi();
    renderPage(paths.remove(3));
    const dialog = screen.getByRole("dialog", { name: "Excluir pensamento" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription("O pensamento será deletado. Confirma a exclusão?");
    expect(await screen.findByText("Vai embora")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancelar" })).toHaveFocus();
  });

  it("deletes on Excluir and returns to the wall", async () => {
    const fetchMock = stubApi();
    renderPage(paths.remove(3));
    await screen.findByText("Vai embora");
    await userEvent.setup().click(screen.getByRole("button", { name: "Excluir" }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/pensamentos/3",
      expect.objectContaining({ method: "DELETE" }),
    );
  });

  it("leaves without deleting when the browser cancels it (Esc)", async () => {
    const fetchMock = stubApi();
    renderPage(paths.remove(3));
    await screen.findByText("Vai embora");
    fireEvent(screen.getByRole("dialog"), new Event("cancel", { cancelable: true }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ method: "DELETE" }),
    );
  });

  it.each(["404", "abc"])("says 'Pensamento não encontrado' for the id %s", async (id) => {
    stubApi();
    renderPage(paths.remove(id));
    expect(await screen.findByRole("dialog", { name: "Pensamento não encontrado" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Excluir" })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Voltar para o mural" }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
  });
});
