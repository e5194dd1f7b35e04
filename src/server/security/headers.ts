import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { isApiPath } from "../../domain/contract";

/** The CSP sources of the page's inline stylesheet and script. */
export interface InlineHashes {
  styleHashes: readonly string[];
  scriptHashes: readonly string[];
}

/**
 * A strict Content-Security-Policy: only our own origin, no third-party request, no inline script but the
 * page's own. React sets style through the CSSOM, which style-src 'self' allows; the page's own inline
 * stylesheet and script are allowed by their hashes (from inline-hashes.ts), never by 'unsafe-inline'.
 */
export const contentSecurityPolicy = ({ styleHashes, scriptHashes }: InlineHashes) => ({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", ...styleHashes],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});

/**
 * Helmet's hardening headers on every answer, built once (the Fastify wrapper built a new middleware, parsing
 * the policy again, for every request). X-Frame-Options says what frame-ancestors 'none' says, for browsers
 * that know only the older header. HSTS only when TRUST_PROXY says a TLS proxy stands in front: the app
 * cannot see TLS itself, and only the operator knows whether its name should be HTTPS-only for a year.
 *
 * API answers are data, never a document that runs script, so they carry the headers that matter for data
 * (as OWASP's REST security advice lists them: a policy that forbids everything and any framing, no MIME
 * sniffing, no framing, same-origin reads only, no referrer) and not the page-only ones: six fewer headers
 * on every call, which the client has to parse as well.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { tls, inline = { styleHashes: [], scriptHashes: [] } }: { tls: boolean; inline?: InlineHashes },
): void {
  const forPages = helmet({
    contentSecurityPolicy: contentSecurityPolicy(inline),
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
    strictTransportSecurity: tls,
  });
  const forApi = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    originAgentCluster: false,
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: tls,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: "deny" },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    const setHeaders = isApiPath(request.url.split("?", 1)[0] ?? "") ? forApi : forPages;
    // Helmet sets the headers synchronously and throws rather than passing an error on.
    setHeaders(request.raw, reply.raw, () => done());
  });
}
