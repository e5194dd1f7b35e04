import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER } from "../../src/domain/contract";
import { type AppDeps, buildApp } from "../../src/server/app";
import type { Store } from "../../src/server/db";

export interface ApiClient {
  app: FastifyInstance;
  /** The anti-forgery token the server handed out, already sent back as cookie and header. */
  token: string;
  /** A request that carries the anti-forgery cookie and header, like the web client's. */
  call(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * Builds the app on a store and fetches an anti-forgery token the way a browser would. The write limit is
 * off unless asked for; any other dependency of the app may be given.
 */
export async function apiClient(store: Store, options: Omit<AppDeps, "store"> = {}) {
  const app = await buildApp({ ...options, store, writeRateLimit: options.writeRateLimit ?? false });
  const health = await app.inject({ method: "GET", url: apiPaths.health });
  const token = health.cookies.find((c) => c.name === CSRF_COOKIE)?.value;
  if (!token) throw new Error("the server handed out no anti-forgery cookie");
  const call: ApiClient["call"] = (request) =>
    app.inject({
      ...request,
      cookies: { [CSRF_COOKIE]: token, ...request.cookies },
      headers: { [CSRF_HEADER.toLowerCase()]: token, ...request.headers },
    });
  return { app, token, call } satisfies ApiClient;
}
