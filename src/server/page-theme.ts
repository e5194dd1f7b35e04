import type { FastifyRequest } from "fastify";
import { type ChosenTheme, THEME_COOKIE, THEMES } from "../domain/contract";

/** The theme this visitor chose in the header's menu (its cookie), or undefined to follow the system. */
export function themeOf(request: FastifyRequest): ChosenTheme | undefined {
  const value = request.cookies?.[THEME_COOKIE];
  return THEMES.find((theme) => theme === value);
}

/**
 * The page wearing the chosen theme on its <html> element, which the stylesheet reads: the first paint is
 * already in the right colours, with no script (the Content-Security-Policy allows only the build's own inline one).
 */
export function withTheme(html: string, theme: ChosenTheme | undefined): string {
  return theme ? html.replace(/<html\b/, () => `<html data-tema="${theme}"`) : html;
}
