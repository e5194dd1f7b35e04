import { z } from "zod";
import { once, positiveInt, thoughtSchema } from "./contract-schemas";
import { messages } from "./messages";
import { AUTHOR_MAX, LIMIT_MAX, NAME_LIMIT_MAX, NAME_PAGE_SIZE, PAGE_SIZE } from "./rules";
import { isValidText } from "./text";

/**
 * The wire shapes of the library's lists: the authors (`GET /api/autores`), the sources (`GET /api/fontes`)
 * and one source's thoughts (`GET /api/fontes/pensamentos`).
 */

/** A name given in a query (a prefix, an author, a source): text as the query's, so NUL is a 400. */
const named = (name: string, max: number) =>
  once(name)
    .refine(isValidText, { message: messages.textInvalid, abort: true })
    .max(max, `${name} deve ter no máximo ${max} caracteres.`);

/** The longest source a query names: a thought's `fonte` is at most this long. */
export const SOURCE_NAMED_MAX = 300;

/** An author on the wall (as written by its first spelling) and how many thoughts carry it. */
export const authorCountSchema = z.object({ nome: z.string(), total: z.number().int().min(0) });
export type AuthorCount = z.infer<typeof authorCountSchema>;
export const authorListSchema = z.array(authorCountSchema);

/** A source (a book, an album, a site) with its author, and how many thoughts quote it. */
export const sourceCountSchema = z.object({
  nome: z.string(),
  autoria: z.string(),
  total: z.number().int().min(0),
});
export type SourceCount = z.infer<typeof sourceCountSchema>;
export const sourceListSchema = z.array(sourceCountSchema);

const namePage = {
  _page: positiveInt("_page", 1_000_000).default(1),
  _limit: positiveInt("_limit", NAME_LIMIT_MAX).default(NAME_PAGE_SIZE),
};

/**
 * `GET /api/autores`: the authors a page at a time (NAME_PAGE_SIZE unless `_limit` says, up to
 * NAME_LIMIT_MAX), in pt-BR order; `prefixo` keeps those whose name starts with it, ignoring case and accents.
 */
export const authorListQuerySchema = z.object({
  ...namePage,
  prefixo: named("prefixo", AUTHOR_MAX).optional(),
});
export type AuthorListQuery = z.input<typeof authorListQuerySchema>;

/**
 * `GET /api/fontes`: the sources a page at a time, in pt-BR order of their names, then their authors';
 * `prefixo` as for the authors, `autoria` keeps one author's sources (any case or accents).
 */
export const sourceListQuerySchema = z.object({
  ...namePage,
  prefixo: named("prefixo", SOURCE_NAMED_MAX).optional(),
  autoria: named("autoria", AUTHOR_MAX).optional(),
});
export type SourceListQuery = z.input<typeof sourceListQuerySchema>;

/**
 * `GET /api/fontes/pensamentos`: one source's thoughts (`fonte`, as written; `autoria` too when two
 * authors share a title) in the order of their `local`, numbers by value ('p. 9' before 'p. 10').
 */
export const sourceThoughtsQuerySchema = z.object({
  _page: positiveInt("_page", 1_000_000).default(1),
  _limit: positiveInt("_limit", LIMIT_MAX).default(PAGE_SIZE),
  fonte: z
    .string({
      error: (issue) =>
        issue.input === undefined ? "fonte é obrigatória." : "fonte deve aparecer uma só vez.",
    })
    .refine(isValidText, { message: messages.textInvalid, abort: true })
    .max(SOURCE_NAMED_MAX, `fonte deve ter no máximo ${SOURCE_NAMED_MAX} caracteres.`)
    .refine((text) => text.trim() !== "", "fonte não pode ficar vazia."),
  autoria: named("autoria", AUTHOR_MAX).optional(),
});
export type SourceThoughtsQuery = z.input<typeof sourceThoughtsQuerySchema>;
export const sourceThoughtListSchema = z.array(thoughtSchema);
