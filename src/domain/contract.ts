/**
 * The HTTP contract between the server, the web client, the test doubles and the benchmarks: every path,
 * header, cookie and error code is written here once; the wire shapes are in contract-schemas.ts.
 * This half holds no zod schema. What every first visit uses is in contract-core.ts, re-exported here: the
 * wall's first-visit bundle imports that alone (see there).
 */
import { API_PREFIX, corePaths, coreRoutes, type ErrorCode } from "./contract-core";
import type { Thought } from "./contract-schemas";

export * from "./contract-core";

export type {
  ErrorBody,
  LabelCount,
  Session,
  Suggestions,
  Thought,
  TrashEmptied,
  TrashedThought,
} from "./contract-schemas";
export type { AuthorCount, SourceCount } from "./library-schemas";
export type {
  MemoriseMark,
  ReviewAnswer,
  ReviewAnswerResult,
  ReviewCard,
  ReviewDay,
  ReviewFeedLink,
  ReviewHistory,
  ReviewSettings,
  ReviewSettingsPatch,
  ReviewWeight,
} from "./review-schemas";

/** Route patterns inside the API prefix, as the server declares them. */
export const apiRoutes = {
  ...coreRoutes,
  thought: "/pensamentos/:id",
  randomThought: "/pensamentos/aleatorio",
  thoughtImage: "/pensamentos/:id/imagem.png",
  /** Many thoughts at once: to the trash and back, a label, the star, an export (bulk-schemas.ts). */
  bulk: "/pensamentos/lote",
  imports: "/importacoes",
  undoImport: "/importacoes/:id/desfazer",
  redoImport: "/importacoes/:id/refazer",
  /** The inbox's address and its rotation (behind the password). */
  inboxSettings: "/caixa-de-entrada",
  rotateInbox: "/caixa-de-entrada/renovar",
  /** The inbox itself: its secret is its only credential. */
  inbox: "/caixa-de-entrada/:segredo",
  export: "/export",
  import: "/import",
  trash: "/lixeira",
  trashed: "/lixeira/:id",
  restore: "/lixeira/:id/restaurar",
  labels: "/etiquetas",
  label: "/etiquetas/:nome",
  authors: "/autores",
  sources: "/fontes",
  sourceThoughts: "/fontes/pensamentos",
  review: "/revisao",
  reviewAnswers: "/revisao/respostas",
  reviewDiscard: "/revisao/descartes/:id",
  reviewMemorise: "/revisao/memorizar/:id",
  reviewSettings: "/revisao/ajustes",
  reviewFeedToken: "/revisao/feed/token",
  reviewHistory: "/revisao/historico",
  reviewFeed: "/revisao/feed.atom",
  openapi: "/openapi.json",
  docs: "/docs",
  /** Live updates: server-sent events from the change log (issue 42). */
  events: "/eventos",
} as const;

/** Full paths, as the web client and the tests call them. */
export const apiPaths = {
  ...corePaths,
  randomThought: `${API_PREFIX}${apiRoutes.randomThought}`,
  /** The thought's card as a 1200×630 PNG, to share. */
  thoughtImage: (id: number) => `${API_PREFIX}${apiRoutes.thoughts}/${id}/imagem.png`,
  bulk: `${API_PREFIX}${apiRoutes.bulk}`,
  imports: `${API_PREFIX}${apiRoutes.imports}`,
  undoImport: (id: number) => `${API_PREFIX}${apiRoutes.imports}/${id}/desfazer`,
  redoImport: (id: number) => `${API_PREFIX}${apiRoutes.imports}/${id}/refazer`,
  inboxSettings: `${API_PREFIX}${apiRoutes.inboxSettings}`,
  rotateInbox: `${API_PREFIX}${apiRoutes.rotateInbox}`,
  inbox: (secret: string) => `${API_PREFIX}${apiRoutes.inboxSettings}/${encodeURIComponent(secret)}`,
  export: `${API_PREFIX}${apiRoutes.export}`,
  import: `${API_PREFIX}${apiRoutes.import}`,
  trash: `${API_PREFIX}${apiRoutes.trash}`,
  trashed: (id: number) => `${API_PREFIX}${apiRoutes.trash}/${id}`,
  restore: (id: number) => `${API_PREFIX}${apiRoutes.trash}/${id}/restaurar`,
  labels: `${API_PREFIX}${apiRoutes.labels}`,
  label: (name: string) => `${API_PREFIX}${apiRoutes.labels}/${encodeURIComponent(name)}`,
  authors: `${API_PREFIX}${apiRoutes.authors}`,
  sources: `${API_PREFIX}${apiRoutes.sources}`,
  /** A source's thoughts in the order of their `local` (`?fonte=`, and `autoria=` when titles are shared). */
  sourceThoughts: `${API_PREFIX}${apiRoutes.sourceThoughts}`,
  /** The day's review (`?etiqueta=`, `autoria=`, `fonte=`, `q=`: a review of that theme alone, not stored). */
  review: `${API_PREFIX}${apiRoutes.review}`,
  /** An answer to a card of the review (`pedidoId` makes a repeat count once). */
  reviewAnswers: `${API_PREFIX}${apiRoutes.reviewAnswers}`,
  /** DELETE undoes 'descartar': the thought may come back in a review. */
  reviewDiscard: (id: number) => `${API_PREFIX}/revisao/descartes/${id}`,
  /** PUT marks a thought to memorise (a cloze or 'quem'), DELETE unmarks it. */
  reviewMemorise: (id: number) => `${API_PREFIX}/revisao/memorizar/${id}`,
  reviewSettings: `${API_PREFIX}${apiRoutes.reviewSettings}`,
  /** POST rotates the feed's private token: the old address then answers 404. */
  reviewFeedToken: `${API_PREFIX}${apiRoutes.reviewFeedToken}`,
  reviewHistory: `${API_PREFIX}${apiRoutes.reviewHistory}`,
  /** The Atom feed of each day's review, read with its private token (`?token=`), never the session. */
  reviewFeed: `${API_PREFIX}${apiRoutes.reviewFeed}`,
  openapi: `${API_PREFIX}${apiRoutes.openapi}`,
  docs: `${API_PREFIX}${apiRoutes.docs}`,
  /** The live stream (text/event-stream); `?desde=<seq>` stands for `Last-Event-ID`. */
  events: `${API_PREFIX}${apiRoutes.events}`,
} as const;

export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/** A thought stays this many days in the trash (`/lixeira`), then it is gone for good. */
export const TRASH_DAYS = 30;

/**
 * The session of a browser that signed in with the password: HttpOnly (no script reads it), SameSite=Strict.
 * Cookies are shared by every port of a host name, hence a name no other local app is likely to use.
 */
export const SESSION_COOKIE = "memoteca_sessao";

/**
 * Names a browser that signed in before (HttpOnly, SameSite=Strict, signed by the server): its sign-ins have a
 * brake of their own, not their address's. It outlives sign-out: it names the browser, not a session.
 */
export const DEVICE_COOKIE = "memoteca_aparelho";

/**
 * The theme chosen in the header's menu, when it is not the system's: "claro" or "escuro", kept a year on the
 * device (readable by our script, which writes it). The server writes it on the page's <html>, so the first
 * paint wears it without an inline script (the policy forbids one).
 */
export const THEME_COOKIE = "memoteca_tema";
export const THEMES = ["claro", "escuro"] as const;
export type ChosenTheme = (typeof THEMES)[number];

/**
 * Versions (issue 42): every thought carries `versao`; single-thought answers carry it as a strong, quoted
 * `ETag` ("3"); PUT, PATCH and DELETE honour `If-Match` ("3", a comma list of them, or `*`). Stale: 412
 * `versao_desatualizada` with `atual`; malformed: 400 `bad_request` (IF_MATCH_MALFORMED_CODE); absent: the
 * last write wins.
 */
export const ETAG_HEADER = "ETag";
// IF_MATCH_HEADER and versionTag, which a write from the wall sends, are in contract-core.ts.
export const IF_MATCH_MALFORMED_CODE = "bad_request" satisfies ErrorCode;

/**
 * Any POST, PUT, PATCH or DELETE under /api may carry this header (1 to 200 visible ASCII characters): the
 * server keeps the first answer 24 hours and gives it again to a repeat (same method, path and body).
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_MAX = 200;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const IDEMPOTENCY_HOURS = 24;

/**
 * The live stream (`/api/eventos`): each event's `id:` is the change log's sequence number; a reconnecting
 * client sends the last one it saw in this header (or as `?desde=`) and gets exactly what it missed.
 */
export const LAST_EVENT_ID_HEADER = "Last-Event-ID";
export const EVENTS_SINCE_PARAM = "desde";
/** The events' names: a thought (created, edited, favourited, relabelled, restored), a thought gone, many at once, start over. */
export const liveEvents = {
  thought: "pensamento",
  removed: "removido",
  wall: "mural",
  reset: "reset",
} as const;
export type LiveEventName = (typeof liveEvents)[keyof typeof liveEvents];
/** `event: pensamento` carries `{pensamento}`, `removido` `{id}`, `mural` and `reset` `{}`. */
export type LiveEventData =
  | { event: "pensamento"; data: { pensamento: Thought } }
  | { event: "removido"; data: { id: number } }
  | { event: "mural"; data: Record<string, never> }
  | { event: "reset"; data: Record<string, never> };
/** A comment line every this many ms keeps proxies from closing a quiet stream. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** The change log keeps this many days and at most this many rows; older ids get a 'reset'. */
export const CHANGE_LOG_DAYS = 7;
export const CHANGE_LOG_MAX_ROWS = 100_000;
/**
 * The state block's attribute (the block is FIRST_PAGE_STATE_ID's) with the change log's head as it stood
 * before the page's answers were read: the page's live stream starts after it (`?desde=`), so a change made
 * while the page loaded is not missed.
 */
export const FIRST_PAGE_EVENT_ATTRIBUTE = "data-desde";
