/**
 * The part of the HTTP contract (contract.ts, which re-exports all of it) that every first visit uses: the
 * API's prefix and the paths the wall calls, the anti-forgery cookie and header, the error codes, the
 * version header and the server render's state block. The web modules of the wall's first-visit bundle
 * import from here, not from contract.ts: whatever the forms' chunk takes from a module the wall shares lands
 * in the wall's bundle, and contract.ts holds every other path, header and name (the review's, the live
 * updates', the imports'), which only that chunk and the server need.
 */
import type { ErrorBody } from "./contract-schemas";

/** Everything of the API lives under this prefix; the rest of the origin is the web app. */
export const API_PREFIX = "/api";

/** The API's routes (inside the prefix) that the wall's first visit calls; apiRoutes holds them with all the others. */
export const coreRoutes = {
  health: "/health",
  thoughts: "/pensamentos",
  dayThought: "/pensamentos/do-dia",
  session: "/sessao",
} as const;

/** Their full paths; apiPaths holds them with all the others. */
export const corePaths = {
  health: `${API_PREFIX}${coreRoutes.health}`,
  thoughts: `${API_PREFIX}${coreRoutes.thoughts}`,
  thought: (id: number) => `${API_PREFIX}${coreRoutes.thoughts}/${id}`,
  dayThought: `${API_PREFIX}${coreRoutes.dayThought}`,
  session: `${API_PREFIX}${coreRoutes.session}`,
} as const;

/** How many thoughts match a list request over all its pages (json-server's header). */
export const TOTAL_COUNT_HEADER = "X-Total-Count";

/**
 * Double-submit anti-forgery: the server sets this cookie (readable by our script) and every write echoes
 * it in the header, which another site can neither read nor set.
 */
export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "X-XSRF-TOKEN";

/** The methods that change data: each needs the anti-forgery header and counts against the write limit. */
export const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
export type WriteMethod = (typeof WRITE_METHODS)[number];
export function isWriteMethod(method: string): method is WriteMethod {
  return (WRITE_METHODS as readonly string[]).includes(method.toUpperCase());
}

/** The closed set of error codes the API answers with, each bound to its HTTP status. */
export const errorStatus = {
  validation: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  /** An `Idempotency-Key` whose first request is still being answered: retry later. */
  chave_em_uso: 409,
  /** `If-Match` names a version the thought no longer has; the body carries `atual`, the current thought. */
  versao_desatualizada: 412,
  /** An `Idempotency-Key` used before with another method, path or body. */
  chave_reutilizada: 422,
  misdirected_request: 421,
  payload_too_large: 413,
  /** An imported file with more items than one import takes (its size may be well under the byte limit). */
  too_many_items: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/** The error of an answer body, when the body has our error shape (a proxy's error page has not). */
export function errorOf(body: unknown): ErrorBody["error"] | undefined {
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined;
  const { error } = body;
  if (typeof error !== "object" || error === null) return undefined;
  if (!("code" in error && "message" in error)) return undefined;
  if (typeof error.code !== "string" || !(error.code in errorStatus) || typeof error.message !== "string") {
    return undefined;
  }
  return error as ErrorBody["error"];
}

/** Sent with a write to name the version the user saw (see contract.ts's versions). */
export const IF_MATCH_HEADER = "If-Match";
/** The strong entity tag of a thought's version, as ETag and If-Match write it. */
export function versionTag(versao: number): string {
  return `"${versao}"`;
}

/** The id of the JSON block in which the server hands the browser the answers it rendered the wall from. */
export const FIRST_PAGE_STATE_ID = "memoteca-state";
