import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../domain/contract";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

/** Three thoughts deleted a day apart: 2 first, then 3, then 1 (the most recent deletion). */
function trashThree() {
  fakeApi.seed([
    makeThought({ id: 1, conteudo: "Primeiro", autoria: "Ana" }),
    makeThought({ id: 2, conteudo: "Segundo", autoria: "Bia" }),
    makeThought({ id: 3, conteudo: "Terceiro", autoria: "Caio" }),
  ]);
  fakeApi.trash(2, new Date("2026-11-20T10:00:00Z"));
  fakeApi.trash(3, new Date("2026-11-21T10:00:00Z"));
  fakeApi.trash(1, new Date("2026-11-22T10:00:00Z"));
}

const cards = () => screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("the trash", () => {
  it("lists trashed thoughts, most recently deleted first, with the day each was deleted", async () => {
    trashThree();
    renderApp(paths.trash);
    expect(await screen.findByRole("heading", { level: 1, name: "Lixeira" })).toBeInTheDocument();
    await screen.findByText("Primeiro");
    expect(cards()).toEqual([
      "Pensamento de Ana, na lixeira",
      "Pensamento de Caio, na lixeira",
      "Pensamento de Bia, na lixeira",
    ]);
    const first = within(screen.getAllByRole("article")[0] as HTMLElement);
    expect(first.getByText(/^Excluído em 22\/11\/2026/)).toBeInTheDocument();
    expect(document.title).toBe("Lixeira · Memoteca");
  });

  it("says so when empty", async () => {
    renderApp(paths.trash);
    expect(await screen.findByText("A lixeira está vazia.")).toBeInTheDocument();
  });

  it("restores a thought with its own id and moves the focus to the next one", async () => {
    trashThree();
    renderApp(paths.trash);
    await screen.findByText("Primeiro");
    const [first] = screen.getAllByRole("button", { name: "Restaurar" });
    await userEvent.setup().click(first as HTMLElement);
    expect(await screen.findByText(/Pensamento restaurado/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Primeiro")).not.toBeInTheDocument());
    expect(fakeApi.thought(1)).toMatchObject({ id: 1, conteudo: "Primeiro" });
    const posts = fakeApi.requests().filter((request) => request.method === "POST");
    expect(posts.map((request) => request.url.pathname)).toEqual([apiPaths.restore(1)]);
    // Caio's card is the first now: its 'Restaurar' has the focus.
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Restaurar" })[0]).toHaveFocus());
  });

  it("deletes forever only after confirming, and Cancelar keeps the thought", async () => {
    trashThree();
    renderApp(paths.trash);
    await screen.findByText("Primeiro");
    const user = userEvent.setup();
    await user.click(screen.getAllByRole("button", { name: "Excluir para sempre" })[0] as HTMLElement);
    const dialog = screen.getByRole("dialog", { name: "Excluir para sempre" });
    expect(dialog).toHaveAccessibleDescription(
      "O pensamento será apagado definitivamente. Essa ação não pode ser desfeita.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fakeApi.trashed()).toHaveLength(3);

    await user.click(screen.getAllByRole("button", { name: "Excluir para sempre" })[0] as HTMLElement);
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Excluir para sempre" }));
    await waitFor(() => expect(screen.queryByText("Primeiro")).not.toBeInTheDocument());
    expect(fakeApi.trashed().map((thought) => thought.id)).toEqual([3, 2]);
    expect(fakeApi.thought(1)).toBeUndefined();
    expect(screen.getByText("Pensamento apagado para sempre.")).toBeInTheDocument();
  });

  it("is reachable from the header", async () => {
    renderApp(paths.wall);
    const link = await screen.findByRole("link", { name: "Lixeira" });
    expect(link).toHaveAttribute("href", paths.trash);
  });
});
