// What the page and the service worker agree on, two programs built apart: the names here are the only
// thing either may know of the other.

/**
 * The caches the service worker fills at run time, named here once: the worker writes them and signing
 * out deletes them, so a signed-out browser keeps no thought.
 */
export const API_CACHE = "memoteca-api";
export const PAGES_CACHE = "memoteca-pages";
export const RUNTIME_CACHES = [API_CACHE, PAGES_CACHE] as const;

/** The message a waiting worker takes as 'activate now'. */
export const SKIP_WAITING = "SKIP_WAITING";

/** The message an open page that no worker controls sends to the active one: 'take this page'. */
export const CLAIM_PAGE = "CLAIM_PAGE";

/**
 * The message every page sends the active worker once it is ready: 'keep what I show' (the worker keeps
 * the open pages and the wall's first reads, each unless a copy is already kept).
 */
export const KEEP_VISIT = "KEEP_VISIT";
