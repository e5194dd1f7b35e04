import type { Thought } from "../../../domain/contract";

/**
 * The versions a write's `If-Match` accepts (issue 42): the thought is changed only if its `versao` is one
 * of them. Undefined: any (no If-Match, or `*`), the last write wins.
 */
export type ExpectedVersions = readonly number[] | undefined;

/**
 * Thrown inside the write's transaction (so nothing of it is kept) when the thought's version is not one
 * the request expected: `current` is the thought as it is, which the 412 answer carries.
 */
export class StaleVersionError extends Error {
  constructor(readonly current: Thought) {
    super(`thought ${current.id} is at version ${current.versao}`);
  }
}
