import { paths } from "../paths";

/**
 * Where to go once signed in: the `volta` address when it is a page of this site, else the wall. Whatever
 * would leave the origin ("//evil.example", "/\\evil.example", "https://evil.example") falls back to the
 * wall, so a link to the sign-in screen can never send the user elsewhere after they typed the password.
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
  return `${url.pathname}${url.search}${url.hash}`;
}
