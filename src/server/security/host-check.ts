import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors";
import { hostAllowList } from "./host-names";

export interface HostCheckOptions {
  /** Names served besides the loopback ones (ALLOWED_HOSTS, and the address the server listens on). */
  allowedHosts: readonly string[];
  /** Whether X-Forwarded-Host comes from a trusted proxy; otherwise it is ignored. */
  trustProxy: boolean;
}

/**
 * Answers only to our own names, before anything else: a refused request gets no cookie, no page and no
 * data. 421 Misdirected Request says what happened (this server does not answer for that name), and keeps
 * it apart from the 403 of a refused write, so an operator behind a proxy knows to look at ALLOWED_HOSTS.
 */
export function registerHostCheck(
  app: FastifyInstance,
  { allowedHosts, trustProxy }: HostCheckOptions,
): void {
  const allowed = hostAllowList(allowedHosts);
  app.addHook("onRequest", async (request) => {
    const forwarded = trustProxy ? lastValue(request.headers["x-forwarded-host"]) : undefined;
    // Every name the request claims must be ours: a proxy's and the browser's alike.
    if (allowed(request.headers.host) && (forwarded === undefined || allowed(forwarded))) return;
    request.log.warn({ host: request.headers.host, forwarded }, "Host recusado");
    throw new ApiError(
      "misdirected_request",
      "Este servidor não responde por este endereço (veja ALLOWED_HOSTS).",
    );
  });
}

/** The value the nearest proxy added, as Fastify itself reads X-Forwarded-Host. */
function lastValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.at(-1) : header;
  return value?.split(",").at(-1)?.trim() || undefined;
}
