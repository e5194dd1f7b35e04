import { z } from "zod";
import { LIMIT_MAX, MODELS } from "./rules";
import { SORTABLE_FIELDS } from "./thought-fields";
import type { ThoughtListQuery, ThoughtSort } from "./thought-list";

/**
 * The rest of json-server 0.17's list parameters, so that a client written for it (the course's Angular
 * front end) gets what it asks for: `_sort`/`_order`, `_start`/`_end` (or `_start` with `_limit`), and the
 * field filter `modelo=`. What this API does not do is refused with a 400 naming the parameter, never
 * ignored: an unknown `_x` parameter, a sort key other than the id and the fields declared sortable.
 */

/** The keys `_sort` takes: the thought's id and the fields declared sortable (thought-fields.ts). */
export const SORT_KEYS = ["id", ...SORTABLE_FIELDS] as const;
type SortKey = (typeof SORT_KEYS)[number];
/** Every underscore parameter the list knows; any other is refused. */
const KNOWN = new Set(["_page", "_limit", "_after", "_sort", "_order", "_start", "_end"]);
/** Deep enough for any wall: past it a slice is a typo, or a way to make the database skip rows for nothing. */
const START_MAX = 100_000_000;

const once = (name: string) => z.string({ error: `${name} deve aparecer uma só vez.` });
const commaList = (text: string) => text.split(",").map((item) => item.trim());
const wholeFrom0 = (name: string) =>
  once(name)
    .regex(/^\d+$/, `${name} deve ser um número inteiro maior ou igual a 0.`)
    .transform(Number)
    .pipe(z.number().int().max(START_MAX, `${name} deve ser no máximo ${START_MAX}.`));

/** The fields these parameters add to the list's query schema (contract-schemas.ts spreads them in). */
export const jsonServerShape = {
  _sort: once("_sort")
    .refine((text) => commaList(text).every((key) => (SORT_KEYS as readonly string[]).includes(key)), {
      message: `_sort aceita ${SORT_KEYS.join(", ")} (ou uma lista deles separada por vírgulas).`,
    })
    .transform((text) => commaList(text) as SortKey[])
    .optional(),
  _order: once("_order")
    .refine((text) => commaList(text.toLowerCase()).every((order) => order === "asc" || order === "desc"), {
      message: "_order aceita asc ou desc (ou uma lista deles separada por vírgulas).",
    })
    .transform((text) => commaList(text.toLowerCase()) as Array<"asc" | "desc">)
    .optional(),
  _start: wholeFrom0("_start").optional(),
  _end: wholeFrom0("_end").optional(),
  modelo: once("modelo")
    .pipe(z.enum(MODELS, { error: `modelo deve ser ${MODELS.join(", ")}.` }))
    .optional(),
};

interface Parsed {
  [key: string]: unknown;
  _page?: number;
  _after?: number;
  _limit: number;
  q?: string;
  _sort?: SortKey[];
  _order?: Array<"asc" | "desc">;
  _start?: number;
  _end?: number;
}

/** The combinations that have no meaning here, each refused naming its parameter; and unknown `_x` ones. */
export function checkJsonServerParams(query: Parsed, context: z.RefinementCtx): void {
  const refuse = (path: string, message: string) =>
    context.addIssue({ code: "custom", path: [path], message });
  for (const key of Object.keys(query)) {
    if (key.startsWith("_") && !KNOWN.has(key)) refuse(key, `${key} não é um parâmetro desta API.`);
  }
  const slicing = query._start !== undefined || query._end !== undefined;
  if (query._order && !query._sort) refuse("_order", "_order precisa de _sort.");
  if (query._order && query._sort && query._order.length > query._sort.length) {
    refuse("_order", "_order tem mais direções que _sort tem campos.");
  }
  if (slicing && query._page !== undefined) refuse("_start", "Use _page ou _start/_end, não os dois.");
  if (query._after !== undefined && (slicing || query._sort)) {
    refuse("_after", "_after segue a ordem do mural: não se combina com _sort, _start nem _end.");
  }
  if (query._end !== undefined) {
    const start = query._start ?? 0;
    if (query._end <= start) refuse("_end", "_end deve ser maior que _start.");
    else if (query._end - start > LIMIT_MAX) refuse("_end", `_end - _start deve ser no máximo ${LIMIT_MAX}.`);
  }
  if (query.q !== undefined && (query._sort || query.modelo !== undefined)) {
    refuse("q", "q não se combina com _sort nem com modelo: a busca lista do mais novo ao mais antigo.");
  }
}

/**
 * What these parameters ask of the list read. `_end` wins over `_limit`, as in json-server; without
 * `_sort`, the wall's order (newest first); a sort on a field ends on the id, oldest first, as
 * json-server's stable sort keeps equal values in the order they were written.
 */
export function jsonServerQuery(query: Parsed & { modelo?: (typeof MODELS)[number] }) {
  const extra: Pick<ThoughtListQuery, "sort" | "offset" | "models"> & { limit?: number } = {};
  if (query._sort) {
    extra.sort = query._sort.map(
      (field, index): ThoughtSort => ({ field, direction: query._order?.[index] ?? "asc" }),
    );
  }
  if (query._start !== undefined || query._end !== undefined) {
    const start = query._start ?? 0;
    extra.offset = start;
    if (query._end !== undefined) extra.limit = query._end - start;
  }
  if (query.modelo !== undefined) extra.models = [query.modelo];
  return extra;
}
