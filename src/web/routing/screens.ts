import { paths } from "../paths";

/** Routes drawn over another screen, which stays mounted under them: the delete dialog over the wall. */
const overlays: [RegExp, string][] = [[/^\/pensamentos\/excluirPensamento\/[^/]+$/, paths.wall]];

/**
 * The screen a path shows. Opening or closing a dialog drawn over the wall does not change screens: the
 * dialog moves the focus itself and gives it back, and the wall keeps its scroll under it.
 */
export function screenOf(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return overlays.find(([pattern]) => pattern.test(trimmed))?.[1] ?? trimmed;
}
