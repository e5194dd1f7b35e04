import { apiPaths, isApiPath } from "../domain/contract";
import { API_CACHE, PAGES_CACHE } from "../domain/offline-contract";
import { PAGE_SIZE } from "../domain/rules";

/** The wall's first page and the day's thought, as the wall asks for them when no page handed them over. */
export const FIRST_VISIT_READS = [`${apiPaths.thoughts}?_limit=${PAGE_SIZE}`, apiPaths.dayThought];

/** The part of the Cache Storage API used here (the worker's `caches`; tests give a map). */
export interface PageCaches {
  open(name: string): Promise<{
    match(url: string): Promise<Response | undefined>;
    put(url: string, response: Response): Promise<void>;
  }>;
}

interface Keeping {
  caches: PageCaches;
  fetch: typeof fetch;
  origin: string;
  /** The addresses of the app's open pages. */
  pages: readonly string[];
}

/**
 * The first visit's wall, kept as the worker takes over: the page that installed it was loaded before
 * there was a worker to keep it, so without this a first visit kept nothing and, offline, the banner
 * promised thoughts above 'O mural precisa de conexão'. The open pages' addresses (the server renders the
 * wall with its first page into them) and the wall's first reads are fetched once more and kept, each only
 * if nothing is kept under it yet; a failure keeps nothing and costs nothing.
 */
export async function keepFirstVisit({ caches, fetch, origin, pages }: Keeping): Promise<void> {
  const own = (url: string) => {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && !isApiPath(parsed.pathname) ? parsed.href : undefined;
  };
  const keepIn = async (name: string, urls: readonly string[]) => {
    const cache = await caches.open(name);
    await Promise.all(
      urls.map(async (url) => {
        try {
          if (await cache.match(url)) return;
          const response = await fetch(url, { credentials: "same-origin" });
          if (response.status === 200) await cache.put(url, response);
        } catch {
          // No connection at that moment: the next visit keeps it, as every visit under the worker does.
        }
      }),
    );
  };
  const pageUrls = [...new Set(pages.flatMap((url) => own(url) ?? []))];
  await Promise.all([
    keepIn(PAGES_CACHE, pageUrls),
    keepIn(
      API_CACHE,
      FIRST_VISIT_READS.map((path) => new URL(path, origin).href),
    ),
  ]);
}
