import { paths } from "../paths";

/** What the router is handed must read as a path of this site on its own, with no second reading. */
const PLAIN_PATH = /^\/(?![/\\])[^\\\s]*$/;

/**
 * Where to go once signed in: the `volta` address when it is a page of this site, else the wall. Whatever
 * would leave the origin ("//evil.example", "/\\evil.example", "https://evil.example", "javascript:…")
 * falls back to the wall, so a link to the sign-in screen can never send the user elsewhere after they
 * typed the password. The cleaned path is checked again as the router will read it: "/.//evil.example"
 * cleans to "//evil.example", which would read as another host (and make the router throw).
 */
export function safeReturnPath(raw: string | null, origin = window.location.origin): string {
  if (!raw?.startsWith("/")) return paths.wall;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return paths.wall;
  }
  if (url.origin !== origin || url.pathname === paths.signIn) return paths.wall;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!PLAIN_PATH.test(url.pathname) || new URL(path, origin).origin !== origin) return paths.wall;
  return path;
}
