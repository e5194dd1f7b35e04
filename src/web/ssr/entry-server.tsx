import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { apiPaths, type Session, type Thought, TOTAL_COUNT_HEADER } from "../../domain/contract";
import { PAGE_SIZE } from "../../domain/rules";
import { App } from "../App";
import { readAnswer } from "../api/client";
import { createQueryClient } from "../api/query-client";
import { needsSignIn, sessionKeys } from "../api/session";
import { type ListFilters, thoughtKeys, thoughtPageOf, thoughtPageUrl } from "../api/thoughts";
import type { WallPages } from "../api/use-thought-list";
import { setServerTheme, type Theme } from "../layout/theme";
import { paths } from "../paths";
import { routes } from "../router";
import { readWallView, wallFilters } from "../wall/wall-address";
import { wallPageTitle } from "../wall/wall-texts";
import { serializeState } from "./first-page-state";

/** The app's routes, matched on the server: no loaders, so a match draws at once, as in the browser. */
const handler = createStaticHandler(routes);

/** One GET of our own API as the server answers it to this visitor (same session, same rules). */
export type ApiGet = (
  path: string,
) => Promise<{ status: number; body: string; header(name: string): string | null }>;

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The JSON block's content (see first-page-state.ts). */
  state: string;
  /** The tab's title, as the screen would set it. */
  title: string;
}

async function read<T>(get: ApiGet, path: string): Promise<{ data: T; header(name: string): string | null }> {
  const answer = await get(path);
  return {
    data: readAnswer<T>(answer.status, answer.body, answer.header("Retry-After")),
    header: answer.header,
  };
}

/**
 * The wall's first page rendered on the server, from the API's own answers, so the first cards arrive with
 * the HTML instead of after the script and one more round trip. Undefined for any other address, for a
 * visitor the password keeps out, and when the API fails: the browser then draws the page itself, as
 * it always could, and says what is wrong. `theme` is the visitor's choice (its cookie), which the menu shows.
 */
export async function renderWall(
  url: string,
  get: ApiGet,
  theme: Theme = "",
): Promise<RenderedPage | undefined> {
  const { pathname, search } = new URL(url, "http://memoteca.invalid");
  if (pathname.replace(/\/+$/, "") !== paths.wall) return undefined;
  const filters = wallFilters(readWallView(search));
  try {
    const client = createQueryClient();
    const session = await read<Session>(get, apiPaths.session);
    if (needsSignIn(session.data)) return undefined;
    client.setQueryData(sessionKeys.all, session.data);
    await Promise.all([seedList(client, get, filters), seedDayThought(client, get, filters)]);
    const context = await handler.query(
      new Request(new URL(`${pathname}${search}`, "http://memoteca.invalid")),
    );
    // A redirect (none today at the wall's address): the browser follows it and draws the page itself.
    if (context instanceof Response) return undefined;
    // hydrate={false}: the router has no data to hand over, and an inline script would break the strict CSP.
    const router = (
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    );
    // The menu's 'Tema' shows the visitor's choice, as the page's <html> will wear it (renderToString is synchronous).
    setServerTheme(theme);
    const html = renderToString(<App client={client} router={router} />);
    return { html, state: serializeState(dehydrate(client)), title: `${wallPageTitle(filters)} · Memoteca` };
  } catch {
    return undefined;
  }
}

async function seedList(client: QueryClient, get: ApiGet, filters: ListFilters): Promise<void> {
  const { data, header } = await read<Thought[]>(get, thoughtPageUrl(filters, undefined, PAGE_SIZE));
  const pages: WallPages = {
    // `at`: when this page was read, which an offline copy of the page still says (the offline notice's date).
    pages: [{ ...thoughtPageOf(data, header(TOTAL_COUNT_HEADER)), search: filters.search, at: Date.now() }],
    pageParams: [undefined],
  };
  client.setQueryData(thoughtKeys.list(filters), pages);
}

/** Shown only on the whole wall, as WallPage does; an empty wall answers 204 (no thought of the day). */
async function seedDayThought(client: QueryClient, get: ApiGet, filters: ListFilters): Promise<void> {
  if (filters.favorites || filters.search || filters.label || filters.author) return;
  const { data } = await read<Thought | undefined>(get, apiPaths.dayThought);
  client.setQueryData(thoughtKeys.day(), data ?? null);
}
