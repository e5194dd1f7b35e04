import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { makeThoughts } from "../testing/make-thought";
import { fakeApi } from "../testing/server";
import { loadListThrough } from "./list-through";
import { createQueryClient } from "./query-client";
import type { ListFilters } from "./thoughts";
import { useThoughtList, type WallPages } from "./use-thought-list";

const wholeWall: ListFilters = { favorites: false };
const favorites: ListFilters = { favorites: true };

/** The wall's list of a view as the wall holds it, its first page loaded, in a client of its own. */
async function openView(filters: ListFilters) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useThoughtList(filters), { wrapper });
  await waitFor(() => expect(view.result.current.data?.pages).toHaveLength(1));
  return { client, view };
}

const idsOf = (data: WallPages | undefined) => data?.pages.map((page) => page.items.map((item) => item.id));
const idsFrom = (first: number, last: number) =>
  Array.from({ length: first - last + 1 }, (_, index) => first - index);

describe("loading a view's pages down to a thought", () => {
  it("adds the wall's own pages of 6 down to the one that holds it, in one request", async () => {
    fakeApi.seed(makeThoughts(40));
    const { client, view } = await openView(wholeWall);
    const before = fakeApi.listRequests().length;

    expect(await loadListThrough(client, wholeWall, 20)).toBe(true);
    await waitFor(() => expect(view.result.current.data?.pages).toHaveLength(4));
    const pages = idsOf(view.result.current.data);
    // Newest first: 40…35, 34…29, 28…23, and 22…17, which holds 20; none past it.
    expect(pages).toEqual([idsFrom(40, 35), idsFrom(34, 29), idsFrom(28, 23), idsFrom(22, 17)]);
    const asked = fakeApi.listRequests().slice(before);
    expect(asked.map((url) => [url.searchParams.get("_after"), url.searchParams.get("_limit")])).toEqual([
      ["35", "100"],
    ]);
    // 'Carregar mais' goes on from there, and a refetch asks for the same pages the wall now shows.
    expect(view.result.current.hasNextPage).toBe(true);
    await act(() => view.result.current.refetch());
    expect(idsOf(view.result.current.data)).toEqual(pages);
  });

  it("does nothing when the pages already hold the thought", async () => {
    fakeApi.seed(makeThoughts(10));
    const { client } = await openView(wholeWall);
    const before = fakeApi.listRequests().length;
    expect(await loadListThrough(client, wholeWall, 7)).toBe(true);
    expect(fakeApi.listRequests()).toHaveLength(before);
  });

  it("stops once the pages pass the thought's place, when it is not in the view", async () => {
    fakeApi.seed([...makeThoughts(3), ...makeThoughts(20, { favorito: true })]);
    const { client, view } = await openView(favorites);
    // Thought 2 is not a favourite: the favourites down past it are read once, then nothing more.
    expect(await loadListThrough(client, favorites, 2)).toBe(false);
    expect(await loadListThrough(client, favorites, 2)).toBe(false);
    await waitFor(() => expect(idsOf(view.result.current.data)?.flat()).toEqual(idsFrom(23, 4)));
    expect(fakeApi.listRequests()).toHaveLength(2);
  });

  it("leaves a view that was never loaded to the wall, which loads its first page itself", async () => {
    fakeApi.seed(makeThoughts(10));
    const client = createQueryClient();
    expect(await loadListThrough(client, wholeWall, 3)).toBe(false);
    expect(fakeApi.listRequests()).toEqual([]);
  });
});
