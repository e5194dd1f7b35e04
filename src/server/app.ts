import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { API_PREFIX, isWriteMethod } from "../domain/contract";
import { api } from "./api";
import { createAccess } from "./auth/access";
import { createSignIn } from "./auth/sign-in";
import type { CardImagesOptions } from "./card-image/card-images";
import { clientErrorHandler } from "./client-errors";
import type { Store } from "./db";
import { frameworkErrors, registerErrorHandler } from "./error-handler";
import { requestLogSerializers } from "./request-log";
import { responseSerializerCompiler } from "./response-serializer";
import { registerCsrfCheck, registerCsrfCookie } from "./security/csrf";
import { registerSecurityHeaders } from "./security/headers";
import { registerHostCheck } from "./security/host-check";
import { inlineHashes } from "./security/inline-hashes";
import { registerSameOriginWrites } from "./security/same-origin";
import { behindProxy, fastifyTrustProxy, type TrustedProxies } from "./security/trust-proxy";
import { readWebBuild } from "./web-page";
import { registerWebApp } from "./web-static";

export interface AppDeps {
  store: Store;
  /** Folder of the built web app (index.html + assets); the API alone is served without it. */
  webRoot?: string;
  logger?: FastifyServerOptions["logger"];
  /** Writes allowed per minute and client; false turns the limit off (benchmarks). */
  writeRateLimit?: number | false;
  /** Card images drawn per minute and client (those answered from memory or by a 304 are not counted). */
  imageRateLimit?: number;
  /** The card drawing: its engine, how many at once, and when a request gives up (tests shorten them). */
  cardImages?: CardImagesOptions;
  /** How long a request may take to arrive, headers and body, before it is answered 408 (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** Host names served besides the loopback ones (ALLOWED_HOSTS, and the address listened on). */
  allowedHosts?: readonly string[];
  /**
   * The TLS reverse proxies in front (TRUST_PROXY): the client is the right-most X-Forwarded-For address
   * they added, cookies are Secure and HSTS is sent. `true` means one proxy.
   */
  trustProxy?: boolean | TrustedProxies;
  /** Listening beyond loopback without AUTH=none: with no password set, the API serves nothing. */
  passwordRequired?: boolean;
  /** Epoch ms, for sessions and sign-in windows (tests move it). */
  clock?: () => number;
  /** How sign-in waits out a client's earlier failures; tests record the waits instead of sleeping. */
  signInWait?: (ms: number, gone: AbortSignal) => Promise<void>;
  /** log2 of scrypt's N for a hash that sign-in replaces; tests lower it, the app keeps the default. */
  passwordCost?: number;
}

const BODY_LIMIT = 64 * 1024;
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** Headers come in one packet from any real client; a trickle of them is someone holding a socket. */
const HEADERS_TIMEOUT_MS = 10_000;
/**
 * A connection with no byte either way for this long is dropped: longer than any answer takes to start
 * (the slowest, an import of 100,000 thoughts on PostgreSQL, takes about 12 s).
 */
const IDLE_SOCKET_MS = 120_000;

/**
 * Node checks its request and header deadlines on a timer (every 30 s by default), so a deadline is missed
 * by up to that much; checking four times per deadline keeps the miss under a quarter of it.
 */
function arrivalDeadlines(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: Math.max(IDLE_SOCKET_MS, requestTimeoutMs),
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.max(10, Math.min(30_000, Math.floor(requestTimeoutMs / 4))),
    },
  };
}

/** The logger as asked for, with requests logged by their path alone (see request-log.ts). */
function withRequestSerializers(logger: AppDeps["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return false;
  return { ...(logger === true ? {} : logger), serializers: requestLogSerializers };
}

/**
 * A DELETE names its target in the path, yet some clients label even an empty request as JSON; Fastify's
 * own parser would refuse that empty body with a 400. Any other JSON body is parsed as before, with
 * __proto__ and constructor keys refused.
 */
function acceptBodilessDelete(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" && request.method === "DELETE") return done(null, undefined);
    parseJson(request, String(body), done);
  });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const trusted: TrustedProxies = deps.trustProxy === true ? 1 : (deps.trustProxy ?? false);
  const trustProxy = behindProxy(trusted);
  const app = Fastify({
    logger: withRequestSerializers(deps.logger),
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    trustProxy: fastifyTrustProxy(trusted),
    frameworkErrors,
    clientErrorHandler,
    ...arrivalDeadlines(deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
  });
  // Routes declare zod schemas from the contract: requests are validated and answers serialised by them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  // Only JSON is accepted: text/plain would otherwise be parsed and reach the routes as a string.
  app.removeContentTypeParser("text/plain");
  acceptBodilessDelete(app);

  const web = readWebBuild(deps.webRoot);
  registerSecurityHeaders(app, {
    tls: trustProxy,
    inline: {
      styleHashes: web ? inlineHashes(web.shell, "style") : [],
      scriptHashes: web ? inlineHashes(web.shell, "script") : [],
    },
  });
  // Before anything that sets a cookie or reads data: a name we do not answer to gets nothing.
  registerHostCheck(app, { allowedHosts: deps.allowedHosts ?? [], trustProxy });
  await app.register(fastifyCookie);
  registerCsrfCookie(app, { secure: trustProxy });
  // Always registered: the card images count their drawings with it (image.routes.ts), even with the
  // write limit off.
  await app.register(fastifyRateLimit, {
    global: deps.writeRateLimit !== false,
    max: deps.writeRateLimit || 600,
    timeWindow: "1 minute",
    allowList: (request) => !isWriteMethod(request.method),
  });
  registerSameOriginWrites(app);
  registerCsrfCheck(app);

  const authOptions = {
    repository: deps.store.auth,
    clock: deps.clock ?? Date.now,
    secureCookies: trustProxy,
    passwordRequired: deps.passwordRequired ?? false,
    wait: deps.signInWait,
    hashCost: deps.passwordCost === undefined ? undefined : { log2N: deps.passwordCost },
  };
  await app.register(api, {
    prefix: API_PREFIX,
    store: deps.store,
    access: createAccess(authOptions),
    signIn: createSignIn(authOptions),
    clock: authOptions.clock,
    imageRateLimit: deps.imageRateLimit,
    cardImages: deps.cardImages,
  });
  await registerWebApp(app, web, async () => (await deps.store.changes.bounds()).head);
  return app;
}
