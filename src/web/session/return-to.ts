import { paths } from "../paths";

/** The query parameter of the sign-in address that names the page to return to. */
export const RETURN_PARAM = "volta";

/**
 * The sign-in address that returns to `from` (a path with its query) once signed in. The wall, where
 * signing in leads anyway, needs no parameter.
 */
export function signInPath(from: string): string {
  if (from === paths.wall || from === "/") return paths.signIn;
  return `${paths.signIn}?${RETURN_PARAM}=${encodeURIComponent(from)}`;
}
