import type { Thought } from "../../../src/domain/contract";

/**
 * A thought without atualizadoEm and versao, the fields that move on every change (a favourite toggle too):
 * the suites compare every other field as it must be, and atualizadoEm on its own with `movedProblem`.
 */
export function steady(thought: Thought): Omit<Thought, "atualizadoEm" | "versao"> {
  const { atualizadoEm: _moves, versao: _version, ...rest } = thought;
  return rest;
}

const isInstant = (text: unknown) =>
  typeof text === "string" && !Number.isNaN(Date.parse(text)) && new Date(text).toISOString() === text;

/**
 * What is wrong with `after`'s atualizadoEm as the time of a change made after `before` was read, or
 * undefined: it must be an instant (UTC, to the millisecond), not before the one read, nor before the
 * creation. The server's clock (Date.now) gives no more than that: two changes within one millisecond
 * share it, so "not before" is what a change promises, not "strictly later".
 */
export function movedProblem(before: Thought, after: Thought | undefined): string | undefined {
  if (!after) return "gone";
  if (!isInstant(after.atualizadoEm)) return `atualizadoEm ${String(after.atualizadoEm)} is not an instant`;
  if (after.atualizadoEm < before.atualizadoEm)
    return `atualizadoEm went back from ${before.atualizadoEm} to ${after.atualizadoEm}`;
  if (after.atualizadoEm < after.criadoEm)
    return `atualizadoEm ${after.atualizadoEm} is before criadoEm ${after.criadoEm}`;
  return undefined;
}
