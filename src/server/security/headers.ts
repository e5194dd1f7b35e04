import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * A strict Content-Security-Policy: only our own origin, no inline script, no third-party request.
 * React sets style through the CSSOM, which style-src 'self' allows.
 */
export const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * Helmet's hardening headers on every answer. The middleware is built once: the Fastify wrapper builds a
 * new one (parsing the policy again) for every request, which cost a tenth of a list request.
 * X-Frame-Options says what frame-ancestors 'none' says, for browsers that know only the older header.
 * HSTS only when TRUST_PROXY says a TLS proxy stands in front: the app cannot see TLS itself, and only the
 * operator knows whether the name it is reached by should be HTTPS-only for the next year.
 */
export function registerSecurityHeaders(app: FastifyInstance, { tls }: { tls: boolean }): void {
  const setHeaders = helmet({
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
    strictTransportSecurity: tls,
  });
  app.addHook("onRequest", (request, reply, done) => {
    // Helmet sets the headers synchronously and throws rather than passing an error on.
    setHeaders(request.raw, reply.raw, () => done());
  });
}
