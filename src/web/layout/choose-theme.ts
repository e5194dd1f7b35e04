import { THEME_COOKIE } from "../../domain/contract";
import type { Theme } from "./theme";

/**
 * Wears the choice at once and keeps it on the device a year for the next pages (the server reads the
 * cookie and writes the choice on <html>). In the lazy chunk: the switch on the wall's first visit carries
 * only its markup.
 */
export function chooseTheme(theme: Theme): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from older Safari and Firefox; one plain cookie written once needs none of it.
  document.cookie = `${THEME_COOKIE}=${theme};path=/;max-age=${theme ? 31536000 : 0};samesite=lax`;
  const root = document.documentElement;
  if (theme) root.dataset.tema = theme;
  else delete root.dataset.tema;
}
