import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";
import { UNDO_MS } from "./UndoLine";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

const card = (author: string) => screen.getByRole("article", { name: `Pensamento de ${author}` });
const undoLine = () => screen.getByRole("log");

async function deleteThoughtTwo(user: ReturnType<typeof userEvent.setup>) {
  fakeApi.seed([
    makeThought({ id: 1, conteudo: "Fica", autoria: "Ana" }),
    makeThought({ id: 2, conteudo: "Vai e volta", autoria: "Bia" }),
    makeThought({ id: 3, conteudo: "Também fica", autoria: "Caio" }),
  ]);
  const app = renderApp(paths.remove(2));
  await screen.findByText("Vai e volta", { selector: "blockquote" });
  await user.click(screen.getByRole("button", { name: "Excluir" }));
  await screen.findByText("Pensamento excluído.");
  return app;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("undoing a deletion", () => {
  it("puts the thought back on the wall, with its own id, from 'Desfazer'", async () => {
    const user = userEvent.setup();
    await deleteThoughtTwo(user);
    expect(fakeApi.thought(2)).toBeUndefined();
    await user.click(screen.getByRole("button", { name: "Desfazer" }));
    expect(await screen.findByText("Pensamento restaurado.")).toBeInTheDocument();
    expect(fakeApi.thought(2)).toMatchObject({ id: 2, conteudo: "Vai e volta" });
    expect(fakeApi.trashed()).toEqual([]);
    expect(await screen.findByText("Vai e volta")).toBeInTheDocument();
  });

  it("moves the focus to the next card once the card is gone, and to the card put back after 'Desfazer'", async () => {
    const user = userEvent.setup();
    await deleteThoughtTwo(user);
    // The wall shows Caio, Bia, Ana: Bia's card went, Ana's is next.
    await waitFor(() => expect(card("Ana")).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Desfazer" }));
    await waitFor(() => expect(card("Bia")).toHaveFocus());
    expect(screen.getAllByRole("article").map((article) => article.getAttribute("aria-label"))).toEqual([
      "Pensamento de Caio",
      "Pensamento de Bia",
      "Pensamento de Ana",
    ]);
  });

  it("undoes with the key z too, from wherever the focus is on the wall", async () => {
    const user = userEvent.setup();
    await deleteThoughtTwo(user);
    await waitFor(() => expect(card("Ana")).toHaveFocus());
    await user.keyboard("z");
    expect(await screen.findByText("Pensamento restaurado.")).toBeInTheDocument();
    await waitFor(() => expect(card("Bia")).toHaveFocus());
  });

  it("stops offering 'Desfazer' after about ten seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await deleteThoughtTwo(user);
    const status = screen.getByText("Pensamento excluído.").closest("[aria-live=polite]");
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 1_000));
    expect(screen.getByRole("button", { name: "Desfazer" })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Desfazer" })).not.toBeInTheDocument());
    // The live region stays in the page, empty, for the next deletion.
    expect(status).toBeInTheDocument();
    expect(status).toHaveTextContent("");
  });

  it("says why when the thought cannot come back, and can try again", async () => {
    const user = userEvent.setup();
    await deleteThoughtTwo(user);
    fakeApi.failNext("POST");
    await user.click(screen.getByRole("button", { name: "Desfazer" }));
    expect(await screen.findByText(/^O pensamento não voltou ao mural\./)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Tentar de novo" }));
    expect(await screen.findByText("Pensamento restaurado.")).toBeInTheDocument();
    expect(fakeApi.thought(2)).toBeDefined();
  });

  it("stays on the wall, and ends once the thought is deleted for good in the Lixeira", async () => {
    const user = userEvent.setup();
    const { location } = await deleteThoughtTwo(user);
    act(() => location.navigate(paths.trash));
    await screen.findByRole("heading", { level: 1, name: "Lixeira" });
    expect(undoLine()).toHaveTextContent("");
    expect(screen.queryByRole("button", { name: "Desfazer" })).toBeNull();

    await user.click(await screen.findByRole("button", { name: "Excluir para sempre" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir para sempre" });
    await user.click(within(confirm).getByRole("button", { name: "Excluir para sempre" }));
    await screen.findByText("A lixeira está vazia.");

    act(() => location.navigate(paths.wall));
    await screen.findByRole("heading", { level: 1, name: "Meu mural" });
    expect(await screen.findAllByRole("article")).toHaveLength(2);
    expect(undoLine()).toHaveTextContent("");
    expect(screen.queryByRole("button", { name: "Desfazer" })).toBeNull();
  });

  it("is offered again back on the wall while the thought is still in the Lixeira", async () => {
    const user = userEvent.setup();
    const { location } = await deleteThoughtTwo(user);
    act(() => location.navigate(paths.trash));
    await screen.findByRole("heading", { level: 1, name: "Lixeira" });
    act(() => location.navigate(paths.wall));
    await user.click(await screen.findByRole("button", { name: "Desfazer" }));
    expect(await screen.findByText("Pensamento restaurado.")).toBeInTheDocument();
    expect(fakeApi.thought(2)).toBeDefined();
  });
});

describe("undoing an un-favorite in 'Meus favoritos'", () => {
  async function unfavoriteBia(user: ReturnType<typeof userEvent.setup>) {
    fakeApi.seed(
      ["Ana", "Bia", "Caio"].map((autoria, i) => makeThought({ id: i + 1, autoria, favorito: true })),
    );
    renderApp(`${paths.wall}?favoritos=true`);
    await screen.findAllByRole("article");
    await user.click(within(card("Bia")).getByRole("button", { name: "Favorito" }));
    await screen.findByText("Pensamento removido dos favoritos.");
    expect(fakeApi.thought(2)?.favorito).toBe(false);
  }

  it("offers 'Desfazer', which makes it a favorite again, back in its place and focused", async () => {
    const user = userEvent.setup();
    await unfavoriteBia(user);
    await waitFor(() => expect(card("Ana")).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Desfazer" }));
    expect(await screen.findByText("Pensamento de volta aos favoritos.")).toBeInTheDocument();
    expect(fakeApi.thought(2)?.favorito).toBe(true);
    await waitFor(() => expect(card("Bia")).toHaveFocus());
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(within(card("Bia")).getByRole("button", { name: "Favorito" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  it("says why when it cannot be a favorite again, and can try again", async () => {
    const user = userEvent.setup();
    await unfavoriteBia(user);
    fakeApi.failNext("PATCH");
    await user.click(screen.getByRole("button", { name: "Desfazer" }));
    expect(await screen.findByText(/^O pensamento não voltou aos favoritos\./)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Tentar de novo" }));
    expect(await screen.findByText("Pensamento de volta aos favoritos.")).toBeInTheDocument();
    expect(fakeApi.thought(2)?.favorito).toBe(true);
  });

  it("is not offered for a favorite change that failed, nor for one outside 'Meus favoritos'", async () => {
    const user = userEvent.setup();
    fakeApi.seed([makeThought({ id: 1, autoria: "Ana", favorito: true })]);
    renderApp(paths.wall);
    await screen.findByRole("article");
    await user.click(within(card("Ana")).getByRole("button", { name: "Favorito" }));
    await waitFor(() => expect(fakeApi.thought(1)?.favorito).toBe(false));
    expect(undoLine()).toHaveTextContent("");

    await user.click(screen.getByRole("button", { name: "Meus favoritos" }));
    fakeApi.seed([makeThought({ id: 2, autoria: "Bia", favorito: true })]);
    await user.click(screen.getByRole("button", { name: "Meu Mural" }));
    await user.click(screen.getByRole("button", { name: "Meus favoritos" }));
    await screen.findByRole("article", { name: "Pensamento de Bia" });
    fakeApi.failNext("PATCH");
    await user.click(within(card("Bia")).getByRole("button", { name: "Favorito" }));
    await screen.findByRole("alert");
    expect(undoLine()).toHaveTextContent("");
  });
});
