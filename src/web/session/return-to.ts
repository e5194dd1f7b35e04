import type { Location } from "react-router";
import { paths } from "../paths";

/** The query parameter of the sign-in address that names the page to return to. */
export const RETURN_PARAM = "volta";

/**
 * The sign-in address that returns to this location once signed in. The wall, where signing in leads
 * anyway, needs no parameter.
 */
export function signInPath({
  pathname,
  search,
  hash,
}: Pick<Location, "pathname" | "search" | "hash">): string {
  const from = `${pathname}${search}${hash}`;
  if (from === paths.wall || from === "/") return paths.signIn;
  return `${paths.signIn}?${RETURN_PARAM}=${encodeURIComponent(from)}`;
}
