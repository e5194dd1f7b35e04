import { Writable } from "node:stream";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import { makeWebRoot, type WebRoot } from "../../../test-support/server/web-root";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from "../../domain/contract";
import { type AppDeps, buildApp } from "../app";
import { hashPassword } from "../auth/password-hash";
import { SESSION_LIFETIME_MS } from "../auth/session-cookie";
import type { Store } from "../db";

const PASSWORD = "cavalo correto bateria";
const DAY = 24 * 60 * 60 * 1000;
const TOKEN = "token-anti-falsificacao";
/** Its words must not leak to a browser without the session. */
const thought = thoughtInput({ conteudo: "Um segredo do mural", autoria: "Alguém" });

/** A cheap hash, so that tests may sign in many times; the cost is read from the hash itself. */
const setPassword = async (store: Store, password = PASSWORD) =>
  store.auth.setPassword(await hashPassword(password, { log2N: 10 }));

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the password and sessions on ${name}`, () => {
    let test: TestStore;
    let web: WebRoot;
    let now: number;
    let log: string;
    /** The waits sign-in asked for, in order (none is slept through). */
    const waits: number[] = [];
    const apps: FastifyInstance[] = [];

    /** An app on `store` whose clock is the test's; each request carries the anti-forgery pair. */
    const appOn = async (store: Store, deps: Omit<AppDeps, "store"> = {}) => {
      const stream = new Writable({
        write(chunk, _encoding, done) {
          log += String(chunk);
          done();
        },
      });
      const app = await buildApp({
        store,
        webRoot: web.path,
        writeRateLimit: false,
        clock: () => now,
        logger: { level: "info", stream },
        passwordCost: 10,
        signInWait: async (ms) => {
          waits.push(ms);
        },
        ...deps,
      });
      apps.push(app);
      return (request: InjectOptions & { session?: string }) => {
        const { session, ...rest } = request;
        return app.inject({
          ...rest,
          cookies: {
            [CSRF_COOKIE]: TOKEN,
            ...(session ? { [SESSION_COOKIE]: session } : {}),
            ...rest.cookies,
          },
          headers: { [CSRF_HEADER.toLowerCase()]: TOKEN, ...rest.headers },
        });
      };
    };
    type Call = Awaited<ReturnType<typeof appOn>>;
    let call: Call;

    const signIn = (on: Call, senha = PASSWORD, extra: Partial<InjectOptions> = {}) =>
      on({ method: "POST", url: apiPaths.session, payload: { senha }, ...extra });
    const sessionOf = (response: Awaited<ReturnType<Call>>) =>
      response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    const signedIn = async (on: Call = call) => {
      const response = await signIn(on);
      expect(response.statusCode).toBe(204);
      const value = sessionOf(response)?.value;
      if (!value) throw new Error("no session cookie");
      return value;
    };
    const list = (on: Call, session?: string) => on({ method: "GET", url: apiPaths.thoughts, session });

    beforeAll(async () => {
      test = await openTestStore(name);
      web = makeWebRoot();
    });
    afterAll(async () => {
      await test?.cleanup();
      web?.remove();
    });
    beforeEach(async () => {
      now = Date.UTC(2026, 10, 22, 12);
      log = "";
      waits.length = 0;
      await test.store.auth.removePassword();
      await test.store.db.deleteFrom("sign_in_attempts").execute();
      await test.store.db.deleteFrom("thoughts").execute();
      await test.store.thoughts.create(thought);
      call = await appOn(test.store);
    });
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
    });

    it("without a password, serves everything and says no password is set", async () => {
      expect((await list(call)).statusCode).toBe(200);
      const state = await call({ method: "GET", url: apiPaths.session });
      expect(state.statusCode).toBe(200);
      expect(state.json()).toEqual({ autenticado: false, senhaDefinida: false });
      expect(state.headers["cache-control"]).toBe("no-store");
      const attempt = await signIn(call);
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json()).toEqual({
        error: { code: "bad_request", message: "Nenhuma senha foi definida." },
      });
    });

    it("with a password, answers every thoughts route 401 without a session, and changes nothing", async () => {
      await setPassword(test.store);
      const before = await test.store.thoughts.all();
      expect(before).toMatchObject([thought]);
      const id = before[0]?.id ?? 0;
      const requests: InjectOptions[] = [
        { method: "GET", url: apiPaths.thoughts },
        { method: "GET", url: `${apiPaths.thoughts}?q=segredo` },
        { method: "GET", url: apiPaths.thought(id) },
        { method: "POST", url: apiPaths.thoughts, payload: thoughtInput() },
        { method: "PUT", url: apiPaths.thought(id), payload: { ...thought, conteudo: "Trocado" } },
        { method: "PATCH", url: apiPaths.thought(id), payload: { favorito: true } },
        { method: "DELETE", url: apiPaths.thought(id) },
        { method: "DELETE", url: apiPaths.trash },
      ];
      for (const request of requests) {
        for (const session of [undefined, "not-a-session"]) {
          const response = await call({ ...request, session });
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
          expect(response.json()).toEqual({
            error: { code: "unauthorized", message: "Entre com a senha para continuar." },
          });
          expect(response.body).not.toContain("segredo");
        }
      }
      expect(await test.store.thoughts.all()).toEqual(before);
      expect((await call({ method: "GET", url: apiPaths.health })).statusCode).toBe(200);
      const state = await call({ method: "GET", url: apiPaths.session });
      expect(state.json()).toEqual({ autenticado: false, senhaDefinida: true });
    });

    it("keeps thoughts out of the pages' HTML when a password is set", async () => {
      await setPassword(test.store);
      // "/" only leads to the wall (a redirect without a body).
      for (const url of [
        "/listarPensamento",
        "/listarPensamento?q=segredo",
        "/pensamentos/editarPensamento/1",
      ]) {
        const page = await call({ method: "GET", url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).not.toContain("segredo");
        expect(page.body, url).not.toContain("Alguém");
      }
    });

    it("signs in with 204 and an HttpOnly, SameSite=Strict session cookie for the whole site", async () => {
      await setPassword(test.store);
      const response = await signIn(call);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
      const cookie = sessionOf(response);
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: "Strict",
        path: "/",
        maxAge: SESSION_LIFETIME_MS / 1000,
      });
      expect(cookie?.secure).toBeUndefined();
      expect(cookie?.value).toMatch(/^[\w-]{43}$/);

      expect((await list(call, cookie?.value)).json()).toEqual([expect.objectContaining(thought)]);
      const state = await call({ method: "GET", url: apiPaths.session, session: cookie?.value });
      expect(state.json()).toEqual({ autenticado: true, senhaDefinida: true });
      expect(log).toContain("sessão aberta");
    });

    it("keeps only a hash of the session token: the database alone opens no session", async () => {
      await setPassword(test.store);
      const token = await signedIn();
      const rows = await test.store.db.selectFrom("sessions").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
      const stolen = rows[0]?.token_hash ?? "";
      expect((await list(call, stolen)).statusCode).toBe(401);
    });

    it("marks the session cookie Secure behind a TLS proxy (TRUST_PROXY)", async () => {
      await setPassword(test.store);
      const proxied = await appOn(test.store, { trustProxy: true });
      const response = await signIn(proxied, PASSWORD, { headers: { "x-forwarded-proto": "https" } });
      expect(sessionOf(response)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: "Strict",
        path: "/",
      });
    });

    it("answers a wrong password 401 'Senha incorreta.', sets no cookie and logs no password", async () => {
      await setPassword(test.store);
      const response = await signIn(call, "cavalo errado");
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: "unauthorized", message: "Senha incorreta." } });
      expect(sessionOf(response)).toBeUndefined();
      expect(log).toContain("senha incorreta");
      expect(log).not.toContain("cavalo");
      expect(await test.store.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    });

    it("checks the body: an empty password is a 400 with the form's message", async () => {
      await setPassword(test.store);
      const response = await signIn(call, "");
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: "validation", message: "Informe a senha." } });
    });

    it("needs the anti-forgery token and a same-origin request to sign in", async () => {
      await setPassword(test.store);
      const noToken = await signIn(call, PASSWORD, { headers: { [CSRF_HEADER.toLowerCase()]: "outro" } });
      expect(noToken.statusCode).toBe(403);
      const crossSite = await signIn(call, PASSWORD, { headers: { origin: "https://attacker.example" } });
      expect(crossSite.statusCode).toBe(403);
      expect(sessionOf(noToken) ?? sessionOf(crossSite)).toBeUndefined();
    });

    it("past 5 failures answers a wrong password 429 with Retry-After, per client, and waits longer each time", async () => {
      await setPassword(test.store);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await signIn(call, `errada ${attempt}`)).statusCode).toBe(401);
      }
      const limited = await signIn(call, "errada 6");
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: { code: "rate_limited", message: "Muitas tentativas. Tente de novo em 8 s." },
      });
      expect(limited.headers["retry-after"]).toBe("8");
      expect(sessionOf(limited)).toBeUndefined();
      expect(waits).toEqual([0, 250, 500, 1_000, 2_000, 4_000]);

      waits.length = 0;
      expect((await signIn(call, "errada", { remoteAddress: "192.0.2.7" })).statusCode).toBe(401);
      expect(waits).toEqual([0]);
      // The window closes 15 minutes after the first failure, and the address starts afresh.
      now += 15 * 60_000;
      waits.length = 0;
      expect((await signIn(call, "errada 7")).statusCode).toBe(401);
      expect(waits).toEqual([0]);
    });

    it("lets the right password in past an address's failures, after its wait, and forgets them", async () => {
      await setPassword(test.store);
      // Twelve guesses one after the other from the owner's address (parallel ones are refused at once).
      const answers = [];
      for (let guess = 0; guess < 12; guess++) answers.push(await signIn(call, `chute ${guess}`));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
      // Each waited out the failures counted before it, doubling from 0.25 s up to 15 s.
      expect(waits).toEqual([
        0, 250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000, 15_000, 15_000,
      ]);
      const owner = await signIn(call);
      expect(owner.statusCode).toBe(204);
      expect(sessionOf(owner)).toBeDefined();
      expect(waits.at(-1)).toBe(15_000);
      // Signing in forgets the address's failures.
      waits.length = 0;
      expect((await signIn(call, "errada")).statusCode).toBe(401);
      expect(waits).toEqual([0]);
    });

    it("forgets the failed tries once the right password comes in", async () => {
      await setPassword(test.store);
      for (let round = 0; round < 3; round++) {
        for (let attempt = 0; attempt < 4; attempt++)
          expect((await signIn(call, "errada")).statusCode).toBe(401);
        expect((await signIn(call)).statusCode).toBe(204);
      }
    });

    it("rehashes a password hashed at a lower cost on the next sign-in, keeping the sessions open", async () => {
      await setPassword(test.store);
      // Today's cost, for this app, is 2^11: the stored hash of 2^10 is older.
      const stronger = await appOn(test.store, { passwordCost: 11 });
      const first = await signedIn(stronger);
      expect(await test.store.auth.passwordHash()).toMatch(/^scrypt\$11\$8\$1\$/);
      expect((await list(call, first)).statusCode).toBe(200);
      expect((await signIn(call)).statusCode).toBe(204);
    });

    it("behind a trusted proxy, counts tries per address the proxy saw, not one the client wrote", async () => {
      await setPassword(test.store);
      const proxied = await appOn(test.store, { trustProxy: true });
      // Each guess claims a fresh address; the proxy appends the one it saw, always the same.
      const answers = [];
      for (let guess = 1; guess <= 12; guess++) {
        const forwarded = `198.51.100.${guess}, 203.0.113.9`;
        answers.push(
          (await signIn(proxied, "errada", { headers: { "x-forwarded-for": forwarded } })).statusCode,
        );
      }
      expect(answers).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
      const other = await signIn(proxied, "errada", { headers: { "x-forwarded-for": "203.0.113.10" } });
      expect(other.statusCode).toBe(401);
      const clients = await test.store.db
        .selectFrom("sign_in_attempts")
        .select("client")
        .orderBy("client")
        .execute();
      expect(clients.map((row) => row.client)).toEqual(["203.0.113.10", "203.0.113.9"]);
    });

    it("behind two proxies or listed ones, takes the address the first trusted proxy saw", async () => {
      await setPassword(test.store);
      const twoHops = await appOn(test.store, { trustProxy: 2 });
      const listed = await appOn(test.store, { trustProxy: ["127.0.0.1", "10.0.0.0/8"] });
      const headers = { "x-forwarded-for": "192.0.2.66, 203.0.113.21, 10.0.0.5" };
      expect((await signIn(twoHops, "errada", { headers })).statusCode).toBe(401);
      const listedHeaders = { "x-forwarded-for": "192.0.2.66, 203.0.113.22, 10.0.0.5" };
      expect((await signIn(listed, "errada", { headers: listedHeaders })).statusCode).toBe(401);
      const clients = await test.store.db
        .selectFrom("sign_in_attempts")
        .select("client")
        .orderBy("client")
        .execute();
      expect(clients.map((row) => row.client)).toEqual(["203.0.113.21", "203.0.113.22"]);
    });

    it("signs out with 204: the session is gone and the cookie cleared", async () => {
      await setPassword(test.store);
      const token = await signedIn();
      const response = await call({ method: "DELETE", url: apiPaths.session, session: token });
      expect(response.statusCode).toBe(204);
      const cleared = sessionOf(response);
      expect(cleared?.value).toBe("");
      expect(cleared?.path).toBe("/");
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
      expect((await list(call, token)).statusCode).toBe(401);
      expect(await test.store.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
      expect((await call({ method: "DELETE", url: apiPaths.session })).statusCode).toBe(204);
    });

    it("shares sessions between instances on one database, and keeps them over a restart", async () => {
      await setPassword(test.store);
      const otherStore = await test.reopen();
      try {
        const other = await appOn(otherStore);
        const token = await signedIn(call);
        expect((await list(other, token)).statusCode).toBe(200);
        for (const app of apps.splice(0)) await app.close();

        const restarted = await appOn(otherStore);
        expect((await list(restarted, token)).statusCode).toBe(200);
        expect(
          (await restarted({ method: "DELETE", url: apiPaths.session, session: token })).statusCode,
        ).toBe(204);
        const again = await appOn(test.store);
        expect((await list(again, token)).statusCode).toBe(401);
      } finally {
        for (const app of apps.splice(0)) await app.close();
        await otherStore.close();
      }
    });

    it("ends a session 30 days after its last use, renewing it at most once a day", async () => {
      await setPassword(test.store);
      const token = await signedIn();
      const started = now;

      now = started + DAY / 2;
      const early = await list(call, token);
      expect(early.statusCode).toBe(200);
      expect(sessionOf(early)).toBeUndefined();

      now = started + 2 * DAY;
      const renewed = await list(call, token);
      expect(renewed.statusCode).toBe(200);
      expect(sessionOf(renewed)).toMatchObject({
        value: token,
        maxAge: SESSION_LIFETIME_MS / 1000,
        httpOnly: true,
      });

      now = started + 31 * DAY;
      expect((await list(call, token)).statusCode).toBe(200);

      now += SESSION_LIFETIME_MS;
      expect((await list(call, token)).statusCode).toBe(401);
      const state = await call({ method: "GET", url: apiPaths.session, session: token });
      expect(state.json()).toEqual({ autenticado: false, senhaDefinida: true });
    });

    it("ends every session when the password changes or goes, and only the new one signs in", async () => {
      await setPassword(test.store);
      const first = await signedIn();
      const second = await signedIn();

      await setPassword(test.store, "outra senha comprida");
      for (const token of [first, second]) expect((await list(call, token)).statusCode).toBe(401);
      expect((await signIn(call)).statusCode).toBe(401);
      const third = await signIn(call, "outra senha comprida");
      expect(third.statusCode).toBe(204);

      await test.store.auth.removePassword();
      expect(await test.store.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
      const state = await call({ method: "GET", url: apiPaths.session, session: sessionOf(third)?.value });
      expect(state.json()).toEqual({ autenticado: false, senhaDefinida: false });
      expect((await list(call)).statusCode).toBe(200);
    });

    it("replaces the browser's previous session when it signs in again", async () => {
      await setPassword(test.store);
      const first = await signedIn();
      const again = await signIn(call, PASSWORD, { cookies: { [SESSION_COOKIE]: first } });
      expect(again.statusCode).toBe(204);
      expect((await list(call, first)).statusCode).toBe(401);
      expect((await list(call, sessionOf(again)?.value)).statusCode).toBe(200);
    });

    it("listening beyond loopback without a password (removed since the start), serves no thought", async () => {
      const exposed = await appOn(test.store, { passwordRequired: true });
      const response = await list(exposed);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: {
          code: "unavailable",
          message: "A Memoteca está aberta à rede sem senha. Defina uma com npm run password no servidor.",
        },
      });
      expect((await exposed({ method: "GET", url: apiPaths.health })).statusCode).toBe(200);
      await setPassword(test.store);
      expect((await list(exposed)).statusCode).toBe(401);
      expect((await list(exposed, await signedIn(exposed))).statusCode).toBe(200);
    });
  });
}
