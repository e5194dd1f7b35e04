import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { sendCompressed } from "./compress-page";
import { ApiError } from "./errors";
import { themeOf, withTheme } from "./page-theme";
import { loadWebPage, type WebBuild } from "./web-page";

/** The wall's address, where "/" leads; kept in step with the web app's own paths. */
const WALL_PATH = "/listarPensamento";

/**
 * Serves the built web app. Every GET outside /api that is not a file answers the app's page, so a reload
 * of any route (say /pensamentos/editarPensamento/5) works; the wall's address comes rendered with its
 * first cards (see web-page.ts). The API answers its own unknown routes. The page hands out the
 * anti-forgery cookie (see csrf.ts); files never set a cookie, so any cache may share them.
 */
export async function registerWebApp(
  app: FastifyInstance,
  web: WebBuild | undefined,
  changesHead?: () => Promise<number>,
): Promise<void> {
  const page = web ? await loadWebPage(app, web, changesHead) : undefined;
  if (web) {
    await app.register(fastifyStatic, {
      root: web.root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of the text files; the browser gets the one it accepts.
      preCompressed: true,
      setHeaders(res, path) {
        // Vite fingerprints everything under assets/, so those files never change under their name.
        const cache = path.includes(`${join("assets", "")}`)
          ? "public, max-age=31536000, immutable"
          : "no-cache";
        res.header("Cache-Control", cache);
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (!page || (request.method !== "GET" && request.method !== "HEAD")) {
      throw new ApiError("not_found", "Página não encontrada.");
    }
    if (request.url === "/") return reply.redirect(WALL_PATH, 302);
    const rendered = await page.render(request);
    if (rendered === undefined) {
      // A theme chosen in the menu goes on the shell's <html>; without one the built file goes as it is.
      const theme = themeOf(request);
      reply.header("Cache-Control", "no-cache");
      if (!theme) return reply.sendFile("index.html");
      return sendCompressed(request, reply.type("text/html; charset=utf-8"), withTheme(page.shell, theme));
    }
    // The visitor's own thoughts: kept by no shared cache, and asked for again before being shown.
    reply
      .header("Cache-Control", "private, no-cache")
      .header("Vary", "Cookie, Accept-Encoding")
      .type("text/html; charset=utf-8");
    return sendCompressed(request, reply, rendered);
  });
}
