import type { ChosenTheme } from "../../domain/contract";

/** The theme chosen in the menu; "" follows the system ('Automático'). */
export type Theme = ChosenTheme | "";

let serverTheme: Theme = "";

/** The request's choice, set by the server render just before it renders (renderToString is synchronous). */
export function setServerTheme(theme: Theme): void {
  serverTheme = theme;
}

/**
 * The choice the page wears: on <html> as the server wrote it from the cookie (or as choose-theme.ts left it),
 * so the menu hydrates with what the server rendered into it.
 */
export const pageTheme = (): Theme =>
  typeof document === "undefined" ? serverTheme : ((document.documentElement.dataset.tema ?? "") as Theme);
