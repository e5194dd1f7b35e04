import { InfiniteQueryObserver, QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Thought } from "../../domain/contract";
import { makeThought } from "../testing/make-thought";
import { dropThought, listWith, listWithout, matchesView, putThought } from "./thought-cache";
import { type ListFilters, thoughtKeys } from "./thoughts";
import type { WallPages } from "./use-thought-list";

const wall: ListFilters = { favorites: false };

/** A view's loaded pages of these ids (newest first), `total` thoughts in the whole view. */
function pagesOf(ids: number[][], total: number): WallPages {
  return {
    pages: ids.map((page) => ({ items: page.map((id) => makeThought({ id, conteudo: `n${id}` })), total })),
    pageParams: ids.map((_, index) => (index === 0 ? undefined : ids[index - 1]?.at(-1))),
  };
}

const idsOf = (data: WallPages) => data.pages.map((page) => page.items.map((item) => item.id));
const thought = (id: number, fields: Partial<Thought> = {}) => makeThought({ id, versao: 2, ...fields });

describe("a loaded view once a thought changed or arrived", () => {
  it("puts a new thought on top of the newest-first wall and counts it", () => {
    const next = listWith(
      pagesOf(
        [
          [9, 8],
          [7, 6],
        ],
        6,
      ),
      wall,
      thought(10),
    );
    expect(idsOf(next)).toEqual([
      [10, 9, 8],
      [7, 6],
    ]);
    expect(next.pages.map((page) => page.total)).toEqual([7, 7]);
  });

  it("puts one restored from the trash back among the loaded cards, at its place", () => {
    expect(
      idsOf(
        listWith(
          pagesOf(
            [
              [9, 8],
              [6, 5],
            ],
            6,
          ),
          wall,
          thought(7),
        ),
      ),
    ).toEqual([
      [9, 8],
      [7, 6, 5],
    ]);
  });

  it("leaves alone a thought older than what is loaded, which a later page brings", () => {
    const data = pagesOf([[9, 8]], 6);
    expect(listWith(data, wall, thought(3))).toBe(data);
  });

  it("adds nothing to a sorted view, whose place for it is unknown", () => {
    const data = pagesOf([[1, 2]], 2);
    expect(listWith(data, { ...wall, order: "autor" }, thought(3))).toBe(data);
  });

  it("replaces a shown card in place, in any order", () => {
    const next = listWith(
      pagesOf([[1, 2]], 2),
      { ...wall, order: "antigos" },
      thought(2, { conteudo: "novo" }),
    );
    expect(next.pages[0]?.items.map((item) => item.conteudo)).toEqual(["n1", "novo"]);
  });

  it("ignores a copy older than the one shown", () => {
    const data = listWith(pagesOf([[1]], 1), wall, thought(1, { versao: 5, conteudo: "v5" }));
    expect(listWith(data, wall, thought(1, { versao: 4, conteudo: "v4" }))).toBe(data);
  });

  it("takes a card out of a view it no longer belongs to", () => {
    const favorites = { ...wall, favorites: true };
    const next = listWith(pagesOf([[2, 1]], 2), favorites, thought(2, { favorito: false }));
    expect(idsOf(next)).toEqual([[1]]);
    expect(next.pages[0]?.total).toBe(1);
  });

  it("takes a removed thought out, one less in the count", () => {
    const next = listWithout(pagesOf([[3, 2], [1]], 3), 2);
    expect(idsOf(next)).toEqual([[3], [1]]);
    expect(next.pages.map((page) => page.total)).toEqual([2, 2]);
  });
});

describe("whether a thought belongs in a view", () => {
  const base = makeThought({ conteudo: "O mar é grande", autoria: "José Saramago", etiquetas: ["Viagem"] });
  it.each<[string, ListFilters, boolean]>([
    ["the wall", wall, true],
    ["favourites, not one", { ...wall, favorites: true }, false],
    ["its label in another case and without accents", { ...wall, label: "viagem" }, true],
    ["another label", { ...wall, label: "Poesia" }, false],
    ["its author without accents", { ...wall, author: "jose saramago" }, true],
    ["a search of its words", { ...wall, search: "grande mar" }, true],
    ["a search of its label", { ...wall, search: "viag" }, true],
    ["a search of other words", { ...wall, search: "montanha" }, false],
  ])("%s", (_view, filters, expected) => {
    expect(matchesView(base, filters)).toBe(expected);
  });
});

describe("a change that arrives while the wall is being read", () => {
  /**
   * The wall's list in a query client, whose next read (under way when the change arrives) answers what the
   * server held before the change, and every read after it what the server holds after.
   */
  async function readingWall(before: number[], after: number[]) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = thoughtKeys.list(wall);
    client.setQueryData(key, pagesOf([before], before.length));
    let answerFirst: (data: WallPages) => void = () => {};
    let reads = 0;
    const queryFn = () => {
      reads += 1;
      return reads === 1
        ? new Promise<WallPages>((resolve) => {
            answerFirst = resolve;
          })
        : Promise.resolve(pagesOf([after], after.length));
    };
    // Watched, as the wall watches it: its data is stale, so watching it starts the first read.
    const observer = new QueryObserver(client, { queryKey: key, queryFn, staleTime: 0 });
    observer.subscribe(() => {});
    while (reads === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const shown = () => idsOf(client.getQueryData<WallPages>(key) as WallPages);
    const settled = async () => {
      answerFirst(pagesOf([before], before.length));
      while (client.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 1));
    };
    return { client, shown, settled, reads: () => reads };
  }

  it("keeps a card removed elsewhere off the wall when the older read answers after the event", async () => {
    const { client, shown, settled, reads } = await readingWall([3, 2, 1], [3, 1]);
    dropThought(client, 2);
    expect(shown()).toEqual([[3, 1]]);
    await settled();
    expect(shown()).toEqual([[3, 1]]);
    expect(reads()).toBe(2);
  });

  it("keeps a thought created elsewhere on the wall when the older read answers after the event", async () => {
    const { client, shown, settled } = await readingWall([2, 1], [3, 2, 1]);
    putThought(client, thought(3));
    expect(shown()).toEqual([[3, 2, 1]]);
    await settled();
    expect(shown()).toEqual([[3, 2, 1]]);
  });
});

describe("a change that arrives while the next page is on its way", () => {
  it("keeps the page the reader asked for, and reads the list again once it has landed", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = thoughtKeys.list(wall);
    let onServer = [9, 8, 7, 6];
    let release: (() => void) | undefined;
    const queryFn = async ({ pageParam }: { pageParam: number | undefined }) => {
      const items = onServer.filter((id) => pageParam === undefined || id < pageParam).slice(0, 2);
      const page = { items: items.map((id) => thought(id)), total: onServer.length };
      // The first next page is held until the change has arrived.
      if (pageParam !== undefined && release === undefined) await new Promise<void>((go) => (release = go));
      return page;
    };
    const observer = new InfiniteQueryObserver(client, {
      queryKey: key,
      queryFn,
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last: WallPages["pages"][number]) => last.items.at(-1)?.id,
      staleTime: Number.POSITIVE_INFINITY,
    });
    observer.subscribe(() => {});
    const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
    while (client.getQueryData(key) === undefined) await tick();
    const more = observer.fetchNextPage();
    while (release === undefined) await tick();
    onServer = [10, ...onServer];
    putThought(client, thought(10));
    release();
    await more;
    while (client.isFetching() > 0) await tick();
    expect(idsOf(client.getQueryData<WallPages>(key) as WallPages)).toEqual([
      [10, 9],
      [8, 7],
    ]);
  });
});
