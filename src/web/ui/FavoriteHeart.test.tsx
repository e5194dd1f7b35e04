import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { testQueryClient } from "../testing/render-at";
import { fakeApi } from "../testing/server";

const heartOf = (author: string) =>
  within(screen.getByRole("article", { name: `Pensamento de ${author}` })).getByRole("button", {
    name: "Favorito",
  });
const patches = () => fakeApi.requests().filter((request) => request.method === "PATCH");

describe("a card's heart", () => {
  it("shows the press in the same task, and sends it only after that frame", async () => {
    fakeApi.seed([makeThought({ id: 1, autoria: "Ana", favorito: false })]);
    renderWall();
    await screen.findByRole("article");
    fireEvent.click(heartOf("Ana"));
    // Drawn by the click's own task: nothing has been sent, nor has any list been touched yet.
    expect(heartOf("Ana")).toHaveAttribute("aria-pressed", "true");
    expect(heartOf("Ana")).toHaveAttribute("title", "Remover dos favoritos");
    expect(patches()).toHaveLength(0);
    await waitFor(() => expect(fakeApi.thought(1)?.favorito).toBe(true));
    expect(patches().map((patch) => patch.body)).toEqual([{ favorito: true }]);
    expect(heartOf("Ana")).toHaveAttribute("aria-pressed", "true");
  });

  it("never shows the thought as it was before the press, not even for one render, while the change lands", async () => {
    fakeApi.seed([makeThought({ id: 1, autoria: "Ana", favorito: false })]);
    const client = testQueryClient();
    renderWall(paths.wall, undefined, client);
    await screen.findByRole("article");
    const heart = heartOf("Ana");
    const shown: (string | null)[] = [];
    const observer = new MutationObserver(() => shown.push(heart.getAttribute("aria-pressed")));
    observer.observe(heart, { attributes: true, attributeFilter: ["aria-pressed"] });
    fireEvent.click(heart);
    await waitFor(() => expect(client.isMutating()).toBe(0));
    await waitFor(() => expect(fakeApi.thought(1)?.favorito).toBe(true));
    // The heart lets go on TanStack's next notification (a task of its own): one task after it, and React's
    // renders flushed, the list's answer and the heart's release have both been drawn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    observer.disconnect();
    expect(shown).toEqual(["true"]);
    expect(heart).toHaveAttribute("aria-pressed", "true");
  });

  it("a failed change lets go of the press: the heart shows the thought as it is", async () => {
    fakeApi.seed([makeThought({ id: 1, autoria: "Ana", favorito: true })]);
    renderWall();
    await screen.findByRole("article");
    fakeApi.failNext("PATCH");
    fireEvent.click(heartOf("Ana"));
    expect(heartOf("Ana")).toHaveAttribute("aria-pressed", "false");
    expect(await screen.findByRole("alert")).toHaveTextContent("Não foi possível");
    await waitFor(() => expect(heartOf("Ana")).toHaveAttribute("aria-pressed", "true"));
    expect(fakeApi.thought(1)?.favorito).toBe(true);
  });
});
