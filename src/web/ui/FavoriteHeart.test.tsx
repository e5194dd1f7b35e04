import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { makeThought } from "../testing/make-thought";
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
