import type { Thought } from "../../domain/contract";
import { IF_MATCH_HEADER, versionTag } from "../../domain/contract-core";
import { ApiRequestError } from "./client";

/**
 * A thought's version on the way out and back (issue 42): every write of a thought names the version the
 * user saw (`If-Match`), and a stale one comes back as a 412 carrying the thought as it is now (`atual`).
 * Small, and imported by the wall's favourite toggle: the cache updates live in thought-cache.ts.
 */

/** The header that makes a write apply only to the version `versao`. */
export const ifMatch = (versao: number): Record<string, string> => ({
  [IF_MATCH_HEADER]: versionTag(versao),
});

/** The thought as the server holds it now, when `error` is a 412 that says the user's copy was stale. */
export function currentOf(error: unknown): Thought | undefined {
  if (!(error instanceof ApiRequestError) || error.code !== "versao_desatualizada") return undefined;
  const body = error.body;
  if (typeof body !== "object" || body === null || !("atual" in body)) return undefined;
  const atual = (body as { atual: unknown }).atual;
  return typeof atual === "object" && atual !== null && "id" in atual ? (atual as Thought) : undefined;
}

/** Whether the write failed because the thought changed elsewhere since the user's copy was read. */
export const isStale = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.code === "versao_desatualizada";
