/** The product's business constants, plus the limits that keep the API bounded. */
export const PAGE_SIZE = 6;
/** A search applies only from this many trimmed characters. */
export const SEARCH_MIN = 3;
export const AUTHOR_MIN = 3;
export const AUTHOR_MAX = 200;
export const CONTENT_MAX = 10_000;
/** A card is wide when its content is longer than this many characters. */
export const WIDE_OVER = 256;
export const LIMIT_MAX = 100;
/** The source of a quote (a book, an album, a site), where in it (a page, a location), the reader's note. */
export const SOURCE_MAX = 300;
export const PLACE_MAX = 100;
export const NOTE_MAX = 10_000;
/** A label is 1 to LABEL_MAX characters once trimmed; a thought has at most LABELS_MAX of them. */
export const LABEL_MAX = 30;
export const LABELS_MAX = 10;
/**
 * The most distinct labels a wall holds: the labels screen and the suggestions read them a page at a time,
 * but a wall of a million labels is a list nobody can use, and a write past it is refused.
 */
export const WALL_LABELS_MAX = 10_000;
/** `GET /api/etiquetas` answers this many labels unless `_limit` asks for another number up to the max. */
export const LABEL_PAGE_SIZE = 100;
export const LABEL_LIMIT_MAX = 1_000;
export const MODELS = ["modelo1", "modelo2", "modelo3"] as const;
export type Model = (typeof MODELS)[number];
export const DEFAULT_MODEL: Model = "modelo1";

export function isWide(conteudo: string): boolean {
  return conteudo.length > WIDE_OVER;
}
