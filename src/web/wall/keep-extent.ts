import { useEffect, useRef } from "react";

/** How far down the wall (the view's query) the user was: how many cards were loaded, and the scroll. */
interface Extent {
  view: string;
  count: number;
  y: number;
}

/**
 * Kept in the tab's sessionStorage, not in the address: it belongs to this tab's reading, which a reload or
 * a phone's pull-to-refresh must bring back, while the address is what is shared, bookmarked and rendered
 * by the server, where '?ate=45' would make anyone who opens the link load (and the server render) 45
 * cards. The session's storage dies with the tab, as the reading does.
 */
const KEY = "memoteca:mural";

/** Whether this page load is a reload (pull-to-refresh is one) or a return through the history. */
function isReturn(): boolean {
  const [entry] = performance.getEntriesByType?.("navigation") ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === "reload" || type === "back_forward";
}

/** Read once per page load: the wall drawn again later in the same page keeps the cache's pages itself. */
let taken = false;
function takeExtent(view: string): Extent | undefined {
  if (taken || typeof window === "undefined") return undefined;
  taken = true;
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Extent | null;
    return kept && kept.view === view && isReturn() ? kept : undefined;
  } catch {
    return undefined;
  }
}

interface Paged {
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Brings the wall back as it was after a reload: the pages loaded with 'Carregar mais' (asked again one by
 * one, as they were, so that offline the service worker's copies answer them) and then the scroll. Writes
 * the extent when the page goes away (a reload, a pull-to-refresh, closing the tab).
 */
export function useKeptExtent(view: string, shown: number, ready: boolean, list: Paged): void {
  const target = useRef<Extent | undefined | null>(undefined);
  if (target.current === undefined) target.current = takeExtent(view) ?? null;
  // How many cards were shown when the last page was asked for: no more after it, it is not coming.
  const askedAt = useRef(-1);
  const now = useRef({ view, shown });
  now.current = { view, shown };

  useEffect(() => {
    const save = () => {
      // Still restoring: what was kept stays as it was.
      if (target.current) return;
      const extent: Extent = { view: now.current.view, count: now.current.shown, y: window.scrollY };
      try {
        sessionStorage.setItem(KEY, JSON.stringify(extent));
      } catch {
        // A full or refused storage: the reload starts at the top, as before.
      }
    };
    window.addEventListener("pagehide", save);
    return () => window.removeEventListener("pagehide", save);
  }, []);

  const { hasNextPage, isFetching, fetchNextPage } = list;
  useEffect(() => {
    const extent = target.current;
    if (!extent || !ready || isFetching) return;
    if (shown < extent.count && hasNextPage && askedAt.current !== shown) {
      askedAt.current = shown;
      void fetchNextPage();
      return;
    }
    target.current = null;
    // After the cards are drawn. The page above them is drawn as before the reload (the same server render).
    requestAnimationFrame(() => window.scrollTo(0, extent.y));
  }, [ready, isFetching, shown, hasNextPage, fetchNextPage]);
}
