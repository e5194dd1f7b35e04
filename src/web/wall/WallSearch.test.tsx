import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { makeThought } from "../testing/make-thought";
import { fakeApi } from "../testing/server";
import { SEARCH_SETTLE_MS } from "./SearchBox";

function wallWith(contents: string[]) {
  fakeApi.seed(contents.map((conteudo) => makeThought({ conteudo })));
}

/** The content of each card on the wall: its first paragraph (the second is the author). */
const contentOf = (card: HTMLElement) => within(card).getAllByRole("paragraph")[0]?.textContent;
const cardTexts = () => screen.queryAllByRole("article").map(contentOf);

/** What predictive text, dictation or autofill do: the box's text changes, and no key is released. */
function changeWithoutKeys(box: HTMLElement, value: string) {
  fireEvent.input(box, { target: { value }, inputType: "insertReplacementText" });
}

afterEach(() => vi.useRealTimers());

describe("searching the wall", { timeout: 20_000 }, () => {
  it("searches from 3 trimmed characters and shows the whole wall below that", async () => {
    wallWith(["O coração tem razões", "Sonho que se sonha só", "Amor tranquilo"]);
    renderWall();
    const box = await screen.findByRole("searchbox", { name: "O que você procura" });
    await screen.findByText("Amor tranquilo");

    await userEvent.type(box, "  co");
    expect(fakeApi.listRequests().every((url) => !url.searchParams.has("q"))).toBe(true);
    expect(screen.getByText("Digite ao menos 3 letras para buscar.")).toBeInTheDocument();

    await userEvent.type(box, "r");
    await waitFor(() => expect(cardTexts()).toEqual(["O coração tem razões"]));
    expect(fakeApi.listRequests().at(-1)?.searchParams.get("q")).toBe("cor");

    await userEvent.clear(box);
    await userEvent.type(box, "ab");
    await waitFor(() => expect(cardTexts()).toHaveLength(3));
  });

  it("sends the trimmed text and marks the matches, accents and case aside", async () => {
    wallWith(["O Coração tem razões", "Nada a ver"]);
    renderWall();
    await userEvent.type(await screen.findByRole("searchbox"), "  coracao  ");
    const card = await screen.findByRole("article");
    expect(fakeApi.listRequests().at(-1)?.searchParams.get("q")).toBe("coracao");
    expect(within(card).getByText("Coração", { selector: "mark" })).toBeInTheDocument();
    expect(contentOf(card)).toBe("O Coração tem razões");
  });

  it("never lets a slower, older answer replace the newer one", async () => {
    wallWith(["amor antigo", "amora madura"]);
    renderWall();
    // On its card, and as the day's thought (the oldest) once that has arrived too.
    await screen.findAllByText("amor antigo");
    const slow = fakeApi.hold((url) => url.searchParams.get("q") === "amo");
    const box = screen.getByRole("searchbox");
    await userEvent.type(box, "amo");
    await userEvent.type(box, "ra");
    await waitFor(() => expect(cardTexts()).toEqual(["amora madura"]));
    expect(fakeApi.listRequests().some((url) => url.searchParams.get("q") === "amo")).toBe(true);
    await act(async () => slow.release());
    expect(cardTexts()).toEqual(["amora madura"]);
  });

  it("says so in its own words when nothing matches", async () => {
    wallWith(["Um pensamento"]);
    renderWall();
    await userEvent.type(await screen.findByRole("searchbox"), "xyz");
    expect(await screen.findByText("Nenhum pensamento encontrado para “xyz”.")).toBeInTheDocument();
  });

  it("searches a change that comes without a key release once it settles, and the address follows", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    wallWith(["O coração tem razões", "Sonho que se sonha só"]);
    const { location } = renderWall();
    const box = await screen.findByRole("searchbox");
    await screen.findByText("Sonho que se sonha só");

    changeWithoutKeys(box, "sonh");
    changeWithoutKeys(box, "sonho");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS - 50));
    // Still settling: one search for the whole phrase, not one per word.
    expect(fakeApi.listRequests().every((url) => !url.searchParams.has("q"))).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(cardTexts()).toEqual(["Sonho que se sonha só"]));
    expect(fakeApi.listRequests().map((url) => url.searchParams.get("q"))).toContain("sonho");
    expect(fakeApi.listRequests().map((url) => url.searchParams.get("q"))).not.toContain("sonh");
    expect(location.history).toEqual(["/listarPensamento?q=sonho"]);

    // Cleared the same way: the whole wall again, and the address without the search.
    changeWithoutKeys(box, "");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS + 50));
    await waitFor(() => expect(cardTexts()).toHaveLength(2));
    expect(location.history).toEqual(["/listarPensamento"]);
  });

  it("searches a paste at once, whatever pasted it", async () => {
    wallWith(["O coração tem razões", "Sonho que se sonha só"]);
    const { location } = renderWall();
    const box = await screen.findByRole("searchbox");
    await screen.findByText("Sonho que se sonha só");
    box.focus();
    await userEvent.paste("coração");
    await waitFor(() => expect(cardTexts()).toEqual(["O coração tem razões"]));
    expect(location.history).toEqual(["/listarPensamento?q=cora%C3%A7%C3%A3o"]);
  });

  it("does not put back an older text that was still settling when the address changed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    wallWith(["O coração tem razões", "Sonho que se sonha só"]);
    const { location } = renderWall("/listarPensamento?q=sonho");
    const box = await screen.findByRole("searchbox");
    changeWithoutKeys(box, "sonho de");
    // Back (or 'Meu Mural') before the change settled: the box takes the address's text, and stays so.
    act(() => location.navigate("/listarPensamento", { replace: true }));
    expect(box).toHaveValue("");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS * 2));
    expect(box).toHaveValue("");
    expect(location.history).toEqual(["/listarPensamento"]);
  });
});
