import { COMMON_WORD, RARE_WORD } from "../scripts/seed-data";
import { apiRoutes } from "../src/domain/contract";
import { PAGE_SIZE } from "../src/domain/rules";
import { BENCH_LABEL, BENCH_THEME } from "./api-labels";
import type { Call } from "./api-load";

/** What a row must hold: p50 and p99 at one connection (ms), and req/s at several. */
export interface Budget {
  p50: number;
  /** The p50 must stay strictly under `p50` (a create), not merely reach it. */
  p50Under?: boolean;
  p99?: number;
  perSecond?: number;
}

export interface Row {
  name: string;
  budget: Budget;
  /** json-server's call where it differs (it knows no cursor: the same page asked by number); false: none. */
  jsonServerCall?: Row["call"] | false;
  call(index: number, prefix: string, auth: Record<string, string>): Call;
}

/** A read of the wall: what a person waits for on every visit and every 'Carregar mais'. */
const READ: Budget = { p50: 2, p99: 15, perSecond: 1_000 };
/** A search reads an index of trigrams and counts its matches (remembered until the next write). */
const SEARCH: Budget = { p50: 5, p99: 15, perSecond: 500 };
/** The x json-server's throughput every read must reach, on the same data. */
export const JSON_SERVER_TIMES = 20;

// Reads carry the anti-forgery cookie too, as a browser's do once the server has handed it out.
export const page =
  (query: string): Row["call"] =>
  (_, prefix, auth) => ({
    method: "GET",
    path: `${prefix}${apiRoutes.thoughts}?${query}`,
    headers: auth.cookie ? { cookie: auth.cookie } : undefined,
  });

/**
 * The cursor that reads page `n` of a wall of `count` seeded thoughts: the last id the page before it
 * showed, as 'Carregar mais' sends it. Seeded ids run from 1 to the count, newest (highest) first.
 */
export const cursorOfPage = (count: number, n: number) => count - (n - 1) * PAGE_SIZE + 1;

const MIDDLE_PAGE = 5_000;

export function apiRows(count: number): Row[] {
  return [
    { name: "first page", budget: READ, call: page(`_page=1&_limit=${PAGE_SIZE}`) },
    { name: "favorites", budget: READ, call: page(`_page=1&_limit=${PAGE_SIZE}&favorito=true`) },
    { name: "page 50", budget: READ, call: page(`_page=50&_limit=${PAGE_SIZE}`) },
    {
      name: `cursor page (page ${MIDDLE_PAGE}, _after=${cursorOfPage(count, MIDDLE_PAGE)})`,
      budget: READ,
      call: page(`_after=${cursorOfPage(count, MIDDLE_PAGE)}&_limit=${PAGE_SIZE}`),
      jsonServerCall: page(`_page=${MIDDLE_PAGE}&_limit=${PAGE_SIZE}`),
    },
    {
      name: `search q=${COMMON_WORD}`,
      budget: SEARCH,
      call: page(`_page=1&_limit=${PAGE_SIZE}&q=${COMMON_WORD}`),
    },
    {
      name: `search q=${RARE_WORD}`,
      budget: SEARCH,
      call: page(`_page=1&_limit=${PAGE_SIZE}&q=${RARE_WORD}`),
    },
    ...wordRows(),
    ...labelRows(),
    // json-server's sorts, which the wall's orders ('Mais antigos', 'Autor (A–Z)', 'Fonte') ask: an index
    // per field, the total from the wall's state.
    {
      name: "sorted by author (_sort=autoria)",
      budget: READ,
      call: page(`_sort=autoria&_page=1&_limit=${PAGE_SIZE}`),
    },
    {
      name: "sorted by source (_sort=fonte&_order=desc)",
      budget: READ,
      call: page(`_sort=fonte&_order=desc&_page=1&_limit=${PAGE_SIZE}`),
    },
    {
      name: "oldest first (_sort=criadoEm)",
      budget: READ,
      call: page(`_sort=criadoEm&_page=1&_limit=${PAGE_SIZE}`),
    },
    {
      name: "create (POST)",
      budget: { p50: 3, p50Under: true },
      jsonServerCall: false,
      call: (index, prefix, auth) => ({
        method: "POST",
        path: `${prefix}${apiRoutes.thoughts}`,
        headers: auth,
        body: { conteudo: `Pensamento de carga número ${index}`, autoria: "Benchmark", modelo: "modelo2" },
      }),
    },
  ];
}

/** Two generated words, about 1 thought in 40: every word must match, apart and in any order. */
export const TWO_WORDS = `saudade ${COMMON_WORD}`;

/**
 * Searches of several words, and of a label's name (a word that no text holds, found through the labels):
 * json-server knows only the whole phrase, so they have no json-server figure.
 */
export function wordRows(): Row[] {
  const search = (words: string): Row => ({
    name: `search q=${words}`,
    budget: SEARCH,
    jsonServerCall: false,
    call: page(`_page=1&_limit=${PAGE_SIZE}&q=${encodeURIComponent(words)}`),
  });
  const theme = BENCH_THEME.toLowerCase();
  return [search(theme), search(TWO_WORDS), search(`${TWO_WORDS} ${theme}`)];
}

/** The label filter and the labels screen's list, on a wall of 1,000 labels: reads like the first page. */
export function labelRows(): Row[] {
  return [
    {
      name: `label filter etiqueta=${BENCH_LABEL}`,
      budget: READ,
      jsonServerCall: false,
      call: page(`_page=1&_limit=${PAGE_SIZE}&etiqueta=${encodeURIComponent(BENCH_LABEL)}`),
    },
    {
      name: "labels with counts (GET /api/etiquetas, 1,000 labels)",
      budget: READ,
      jsonServerCall: false,
      call: (_, prefix, auth) => ({
        method: "GET",
        path: `${prefix}${apiRoutes.labels}`,
        headers: auth.cookie ? { cookie: auth.cookie } : undefined,
      }),
    },
  ];
}

/**
 * The rows to run: all, or with API_ROWS (e.g. `API_ROWS=search npm run bench -- api`) only those whose name
 * holds one of its comma-separated parts, to measure a few rows again on a quiet moment.
 */
export function chosenRows<T extends { name: string }>(rows: T[], env: NodeJS.ProcessEnv = process.env): T[] {
  const parts = (env.API_ROWS ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length === 0 ? rows : rows.filter((row) => parts.some((part) => row.name.includes(part)));
}

/** A figure beside its budget: "0.52 | ≤ 2 ✓". */
export function beside(value: number, limit: number | undefined, kind: "max" | "under" | "min"): string {
  const figure = formatFigure(value, kind === "min");
  if (limit === undefined) return `${figure} | –`;
  const held = kind === "max" ? value <= limit : kind === "under" ? value < limit : value >= limit;
  const sign = kind === "max" ? "≤" : kind === "under" ? "<" : "≥";
  return `${figure} | ${sign} ${limit.toLocaleString("en")} ${held ? "ok" : "OVER"}`;
}

export function formatFigure(value: number, perSecond = false): string {
  if (Number.isNaN(value)) return "–";
  if (perSecond) return Math.round(value).toLocaleString("en");
  return value < 10 ? value.toFixed(2) : value.toFixed(0);
}
