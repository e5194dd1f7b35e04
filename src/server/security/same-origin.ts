import type { FastifyInstance, FastifyRequest } from "fastify";
import { isWriteMethod } from "../../domain/contract";
import { ApiError } from "../errors";
import { parseHost } from "./host-names";

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/** Whether an Origin header names the host the request was sent to (scheme aside: a TLS proxy ends TLS). */
function sameOrigin(origin: string, requestHost: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed frame, a file, a redirect across sites) and anything unreadable
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  const host = parseHost(requestHost);
  if (!defaultPort || !host) return false;
  return url.hostname.toLowerCase() === host.name && (url.port || defaultPort) === (host.port ?? defaultPort);
}

/**
 * Browsers say where a request comes from. A write from another site is refused whatever token it carries
 * (a matching pair of cookie and header can be planted); a client that sends neither header, as curl,
 * still needs the anti-forgery token.
 */
function fromAnotherSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.origin;
  return origin !== undefined && !sameOrigin(origin, request.host);
}

export function registerSameOriginWrites(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (isWriteMethod(request.method) && fromAnotherSite(request)) {
      throw new ApiError("forbidden", "Alterações só podem ser feitas a partir da própria Memoteca.");
    }
  });
}
