import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { ApiError } from "./errors";
import { issueCsrfCookie } from "./security/csrf";

/**
 * Serves the built web app. Every GET outside /api that is not a file answers index.html, so a reload of
 * any route (say /pensamentos/editarPensamento/5) works. The API answers its own unknown routes.
 * The page carries no thought (the script fetches them from the API, behind the password). It hands out
 * the anti-forgery cookie, as API reads do; files never set a cookie, so any cache may share them.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  { secureCookies }: { secureCookies: boolean },
): Promise<void> {
  const hasBuild = webRoot !== undefined && existsSync(join(webRoot, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        // Vite fingerprints everything under assets/, so those files never change under their name.
        const cache = path.includes(`${join("assets", "")}`)
          ? "public, max-age=31536000, immutable"
          : "no-cache";
        res.header("Cache-Control", cache);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!hasBuild || (request.method !== "GET" && request.method !== "HEAD")) {
      throw new ApiError("not_found", "Página não encontrada.");
    }
    issueCsrfCookie(request, reply, secureCookies);
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
