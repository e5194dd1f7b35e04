import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { apiPaths, IF_MATCH_HEADER } from "../../domain/contract";
import { makeThought } from "../testing/make-thought";
import { fakeApi } from "../testing/server";

const card = (author: string) => screen.getByRole("article", { name: `Pensamento de ${author}` });
const heartOf = (author: string) => within(card(author)).getByRole("button", { name: "Favorito" });
const patches = () => fakeApi.requests().filter((request) => request.method === "PATCH");

describe("a favourite that meets another device's change (412)", { timeout: 20_000 }, () => {
  it("names the card's version; changed elsewhere, the card shows the thought as it is now and says so", async () => {
    fakeApi.seed([
      makeThought({ id: 1, autoria: "Ana", conteudo: "Como estava", favorito: false, versao: 1 }),
    ]);
    renderWall();
    await screen.findByRole("article");
    fakeApi.change(1, { conteudo: "Como ficou no notebook" });
    await userEvent.click(heartOf("Ana"));
    const alert = await within(card("Ana")).findByRole("alert");
    expect(alert).toHaveTextContent(
      "Não foi possível marcar como favorito. Este pensamento mudou em outro aparelho; o cartão já mostra como ele está agora.",
    );
    await waitFor(() => expect(card("Ana")).toHaveTextContent("Como ficou no notebook"));
    expect(heartOf("Ana")).toHaveAttribute("aria-pressed", "false");
    expect(patches()[0]?.headers.get(IF_MATCH_HEADER)).toBe('"1"');
    expect(fakeApi.thought(1)?.favorito).toBe(false);

    // 'Tentar de novo' names the version now shown, and goes through.
    await userEvent.click(within(card("Ana")).getByRole("button", { name: "Tentar de novo" }));
    await waitFor(() => expect(fakeApi.thought(1)?.favorito).toBe(true));
    expect(patches()[1]?.headers.get(IF_MATCH_HEADER)).toBe('"2"');
    await waitFor(() => expect(heartOf("Ana")).toHaveAttribute("aria-pressed", "true"));
    expect(within(card("Ana")).queryByRole("alert")).toBeNull();
  });

  it("two quick presses on one heart each name the version the one before left", async () => {
    fakeApi.seed([makeThought({ id: 1, autoria: "Ana", favorito: false, versao: 1 })]);
    renderWall();
    await screen.findByRole("article");
    await userEvent.click(heartOf("Ana"));
    await userEvent.click(heartOf("Ana"));
    await waitFor(() => expect(patches()).toHaveLength(2));
    await waitFor(() => expect(fakeApi.thought(1)?.versao).toBe(3));
    expect(patches().map((patch) => patch.headers.get(IF_MATCH_HEADER))).toEqual(['"1"', '"2"']);
    expect(fakeApi.thought(1)?.favorito).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a press while the first one's refresh is on its way names the version the first answer brought", async () => {
    fakeApi.seed([makeThought({ id: 1, autoria: "Ana", favorito: false, versao: 1 })]);
    renderWall();
    await screen.findByRole("article");
    // The refresh after the first answer (the lists, the day's thought) takes its time...
    const reads = fakeApi.hold(
      (url, method) =>
        method === "GET" && (url.pathname === apiPaths.thoughts || url.pathname === apiPaths.dayThought),
    );
    await userEvent.click(heartOf("Ana"));
    await waitFor(() => expect(fakeApi.listRequests()).toHaveLength(2));
    // ...and the second press, made meanwhile, drops it (a read under way would put the heart back).
    await userEvent.click(heartOf("Ana"));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches().map((patch) => patch.headers.get(IF_MATCH_HEADER))).toEqual(['"1"', '"2"']);
    reads.release();
    await waitFor(() => expect(fakeApi.thought(1)?.versao).toBe(3));
    expect(fakeApi.thought(1)?.favorito).toBe(false);
    await waitFor(() => expect(heartOf("Ana")).toHaveAttribute("aria-pressed", "false"));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
