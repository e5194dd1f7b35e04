import type { FastifyInstance } from "fastify";

/**
 * Every answer that may hold thoughts is the signed-in visitor's own: no shared cache may keep it
 * (`private`), the browser asks again before reusing it (`no-cache`), and a copy kept under one cookie is
 * never served under another (`Vary: Cookie`), so a sign-out or a change of session shows no stale wall.
 * A route that already chose a stricter rule (an export's `no-store`) keeps it. The service worker keeps
 * its own copies of the wall's reads for offline use regardless of these headers (see src/sw).
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "private, no-cache");
    const vary = String(reply.getHeader("Vary") ?? "");
    const named = vary.split(",").map((name) => name.trim().toLowerCase());
    if (!named.includes("cookie") && !named.includes("*")) {
      reply.header("Vary", vary ? `${vary}, Cookie` : "Cookie");
    }
    return payload;
  });
}
