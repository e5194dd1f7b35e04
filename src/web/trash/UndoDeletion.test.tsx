import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { paths } from "../paths";
import { loadScreens, renderApp } from "../render-app";
import { makeThought } from "../testing/make-thought";
import { fakeApi } from "../testing/server";
import { UNDO_MS } from "./UndoDeletion";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

async function deleteThoughtTwo(user: ReturnType<typeof userEvent.setup>) {
  fakeApi.seed([
    makeThought({ id: 1, conteudo: "Fica", autoria: "Ana" }),
    makeThought({ id: 2, conteudo: "Vai e volta", autoria: "Bia" }),
  ]);
  renderApp(paths.remove(2));
  await screen.findByText("Vai e volta", { selector: "blockquote" });
  await user.click(screen.getByRole("button", { name: "Excluir" }));
  await screen.findByText("Pensamento excluído.");
}

afterEach(() => vi.useRealTimers());

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
});
