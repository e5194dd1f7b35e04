import { type ClientRequest, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER, DEVICE_COOKIE, SESSION_COOKIE } from "../../domain/contract";
import { buildApp } from "../app";
import { DEVICE_LIFETIME_MS } from "../auth/device-cookie";
import { HASHES_WAITING, hashingLoad, hashPassword, verifyPassword } from "../auth/password-hash";

const PASSWORD = "cavalo correto bateria";
const TOKEN = "token-anti-falsificacao";
const ADDRESS = "127.0.0.1";

/** A wait of sign-in's brake, held until the test lets it go. */
interface HeldWait {
  ms: number;
  gone: AbortSignal;
  release: () => void;
}

/** An answer over a real socket, or "gone" when the test hung up first. */
type Answer = { status: number; headers: IncomingHttpHeaders; body: string } | "gone";

/** Posts a guess over a real connection, which the test may drop before the answer. */
function guessOverHttp(port: number, senha: string, cookies: Record<string, string> = {}) {
  let sent: ClientRequest | undefined;
  const answer = new Promise<Answer>((resolve) => {
    const cookie = Object.entries({ [CSRF_COOKIE]: TOKEN, ...cookies })
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    sent = httpRequest(
      {
        host: ADDRESS,
        port,
        method: "POST",
        path: apiPaths.session,
        headers: { "content-type": "application/json", cookie, [CSRF_HEADER]: TOKEN },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    sent.on("error", () => resolve("gone"));
    sent.end(JSON.stringify({ senha }));
  });
  return { answer, hangUp: () => sent?.destroy() };
}

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the brake on guesses, per address and per device, on ${name}`, () => {
    let test: TestStore;
    let app: FastifyInstance;
    /** The app's clock: it stands still, so the seconds a refused guess is told are exact. */
    const now = Date.UTC(2026, 10, 22, 12);
    let log: string;
    /** How many of the next waits to hold; the others pass at once. */
    let toHold: number;
    let held: HeldWait[];

    const call = (request: InjectOptions) =>
      app.inject({
        ...request,
        cookies: { [CSRF_COOKIE]: TOKEN, ...request.cookies },
        headers: { [CSRF_HEADER.toLowerCase()]: TOKEN, ...request.headers },
      });
    const signIn = (
      senha: string,
      cookies: Record<string, string> = {},
      extra: Partial<InjectOptions> = {},
    ) => call({ method: "POST", url: apiPaths.session, payload: { senha }, cookies, ...extra });
    const cookieOf = (response: Awaited<ReturnType<typeof call>>, name: string) =>
      response.cookies.find((cookie) => cookie.name === name);
    /** Signs in with the right password and returns the device cookie the browser got. */
    const deviceOf = async () => {
      const response = await signIn(PASSWORD);
      expect(response.statusCode).toBe(204);
      const device = cookieOf(response, DEVICE_COOKIE)?.value;
      if (!device) throw new Error("no device cookie");
      return { [DEVICE_COOKIE]: device };
    };
    const brakes = async () =>
      (
        await test.store.db
          .selectFrom("sign_in_attempts")
          .select(["client", "attempts"])
          .orderBy("client")
          .execute()
      ).map((row) => ({ client: row.client, attempts: Number(row.attempts) }));
    const sessionCount = async () =>
      (await test.store.db.selectFrom("sessions").selectAll().execute()).length;
    const listen = async () => {
      await app.listen({ host: ADDRESS, port: 0 });
      return (app.server.address() as AddressInfo).port;
    };

    beforeAll(async () => {
      test = await openTestStore(name);
    });
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      log = "";
      toHold = 0;
      held = [];
      await test.store.auth.setPassword(await hashPassword(PASSWORD, { log2N: 10 }));
      await test.store.db.deleteFrom("sign_in_attempts").execute();
      const stream = new Writable({
        write(chunk, _encoding, done) {
          log += String(chunk);
          done();
        },
      });
      app = await buildApp({
        store: test.store,
        writeRateLimit: false,
        clock: () => now,
        logger: { level: "info", stream },
        passwordCost: 10,
        signInWait: (ms, gone) => {
          if (toHold === 0) return Promise.resolve();
          toHold -= 1;
          return new Promise<void>((release) => held.push({ ms, gone, release }));
        },
      });
    });
    afterEach(async () => {
      for (const wait of held) wait.release();
      await app.close();
    });

    it("answers a second guess from an address 429 at once, with the seconds its first guess has left", async () => {
      for (let failure = 1; failure <= 4; failure++)
        expect((await signIn(`errada ${failure}`)).statusCode).toBe(401);
      toHold = 1;
      const first = signIn("errada 5");
      await vi.waitFor(() => expect(held).toHaveLength(1));
      // The fifth try waits 2 s for the four failures before it; the right password meanwhile is not queued.
      expect(held[0]?.ms).toBe(2_000);
      const second = await signIn(PASSWORD);
      expect(second.statusCode).toBe(429);
      expect(second.headers["retry-after"]).toBe("2");
      expect(second.json()).toEqual({
        error: { code: "rate_limited", message: "Muitas tentativas. Tente de novo em 2 s." },
      });
      expect(cookieOf(second, SESSION_COOKIE)).toBeUndefined();

      held[0]?.release();
      expect((await first).statusCode).toBe(401);
      expect((await signIn(PASSWORD)).statusCode).toBe(204);
    });

    it("drops a guess whose client hung up while it waited: nothing is checked, and the address is free", async () => {
      const port = await listen();
      toHold = 1;
      // The right password: had it been checked, a session would have opened.
      const guess = guessOverHttp(port, PASSWORD);
      await vi.waitFor(() => expect(held).toHaveLength(1));
      guess.hangUp();
      expect(await guess.answer).toBe("gone");
      const wait = held[0];
      if (!wait) throw new Error("no wait held");
      await vi.waitFor(() => expect(wait.gone.aborted).toBe(true));
      wait.release();
      await vi.waitFor(() => expect(log).toContain("entrada abandonada antes de ser conferida"));
      expect(await sessionCount()).toBe(0);
      expect(await brakes()).toEqual([]);
      expect(log).not.toContain("sessão aberta");
      expect((await signIn(PASSWORD)).statusCode).toBe(204);
    });

    it("lets the owner's browser in at once after 14 guesses from its address were sent together and abandoned", async () => {
      const device = await deviceOf();
      const sessionsBefore = await sessionCount();
      const port = await listen();
      toHold = 1;
      const guesses = Array.from({ length: 14 }, (_, index) => guessOverHttp(port, `chute ${index}`));
      // One guess holds the address's brake; the other 13 are refused without waiting for it.
      await vi.waitFor(() => expect(held).toHaveLength(1));
      await vi.waitFor(async () => {
        const answers = await Promise.all(
          guesses.map((guess) => Promise.race([guess.answer, Promise.resolve("pending" as const)])),
        );
        const tooMany = answers.filter((answer) => typeof answer === "object" && answer.status === 429);
        expect(tooMany).toHaveLength(13);
      });
      for (const guess of guesses) guess.hangUp();

      // The address's guess still holds its brake: the owner's browser does not wait for it.
      const owner = await guessOverHttp(port, PASSWORD, device).answer;
      expect(owner !== "gone" && owner.status).toBe(204);
      expect(held).toHaveLength(1);
      expect(await sessionCount()).toBe(sessionsBefore + 1);

      const wait = held[0];
      if (!wait) throw new Error("no wait held");
      await vi.waitFor(() => expect(wait.gone.aborted).toBe(true));
      wait.release();
      await vi.waitFor(() => expect(log).toContain("entrada abandonada antes de ser conferida"));
      // None of the 14 was checked: no failure was counted, no hash computed for them.
      expect(await brakes()).toEqual([]);
      expect(log).not.toContain("senha incorreta");
    });

    it("refuses an address's guess when the hashing line is full, and lets the owner's browser ahead of it", async () => {
      const device = await deviceOf();
      // Two costly checks hold the gate's places (a few tenths of a second each), eight more fill its line.
      const costly = await hashPassword("outra senha", { log2N: 16 });
      const hashing = [verifyPassword("x", costly), verifyPassword("y", costly)];
      const line = new AbortController();
      const waiting = Array.from({ length: HASHES_WAITING }, () =>
        verifyPassword("z", costly, { signal: line.signal }).catch(() => "left"),
      );
      expect(hashingLoad()).toEqual({ running: 2, waiting: HASHES_WAITING });

      const refused = await signIn(PASSWORD, {}, { remoteAddress: "192.0.2.44" });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("6");
      expect(refused.json()).toEqual({
        error: { code: "rate_limited", message: "Muitas tentativas. Tente de novo em 6 s." },
      });
      let owner: Awaited<ReturnType<typeof signIn>>;
      let stillWaiting: number;
      try {
        owner = await signIn(PASSWORD, device);
        // The checks that were waiting before the owner's still wait: it went ahead of them.
        stillWaiting = hashingLoad().waiting;
      } finally {
        line.abort();
      }
      expect(owner.statusCode).toBe(204);
      expect(stillWaiting).toBeGreaterThan(0);
      const left = (await Promise.all(waiting)).filter((result) => result === "left");
      expect(left).toHaveLength(stillWaiting);
      expect(await Promise.all(hashing)).toEqual([false, false]);
    });

    it("gives a browser that signed in a signed device cookie, kept on sign-out, with a brake of its own", async () => {
      const first = await signIn(PASSWORD);
      expect(cookieOf(first, DEVICE_COOKIE)).toMatchObject({
        httpOnly: true,
        sameSite: "Strict",
        path: "/",
        maxAge: DEVICE_LIFETIME_MS / 1000,
      });
      expect(cookieOf(first, DEVICE_COOKIE)?.secure).toBeUndefined();
      const device = { [DEVICE_COOKIE]: cookieOf(first, DEVICE_COOKIE)?.value ?? "" };
      const [id] = device[DEVICE_COOKIE].split(".");

      const out = await call({
        method: "DELETE",
        url: apiPaths.session,
        cookies: { [SESSION_COOKIE]: cookieOf(first, SESSION_COOKIE)?.value ?? "" },
      });
      expect(out.statusCode).toBe(204);
      expect(cookieOf(out, DEVICE_COOKIE)).toBeUndefined();

      // The device's failures are its own; a forged cookie is only its address.
      expect((await signIn("errada", device)).statusCode).toBe(401);
      expect((await signIn("errada", { [DEVICE_COOKIE]: `${id}.${"A".repeat(43)}` })).statusCode).toBe(401);
      expect(await brakes()).toEqual([
        { client: ADDRESS, attempts: 1 },
        { client: `aparelho:${id}`, attempts: 1 },
      ]);

      // One guess at a time per device too, so a stolen cookie guesses no faster than an address.
      toHold = 1;
      const holding = signIn("errada de novo", device);
      await vi.waitFor(() => expect(held).toHaveLength(1));
      const second = await signIn(PASSWORD, device);
      expect(second.statusCode).toBe(429);
      expect(second.headers["retry-after"]).toBe("1");
      // Meanwhile the address is free: the device's brake is not the address's.
      expect((await signIn(PASSWORD)).statusCode).toBe(204);
      held[0]?.release();
      expect((await holding).statusCode).toBe(401);

      // Signing in with it again keeps the same device and forgets its failures, not the address's.
      const again = await signIn(PASSWORD, device);
      expect(again.statusCode).toBe(204);
      expect(cookieOf(again, DEVICE_COOKIE)?.value).toBe(device[DEVICE_COOKIE]);
      expect(await brakes()).toEqual([]);
    });

    it("stops counting a device cookie once the password changes, and marks it Secure behind a TLS proxy", async () => {
      const device = await deviceOf();
      await test.store.auth.setPassword(await hashPassword("outra senha comprida", { log2N: 10 }));
      expect((await signIn("errada", device)).statusCode).toBe(401);
      expect(await brakes()).toEqual([{ client: ADDRESS, attempts: 1 }]);

      await app.close();
      app = await buildApp({
        store: test.store,
        writeRateLimit: false,
        clock: () => now,
        passwordCost: 10,
        trustProxy: true,
      });
      const proxied = await signIn("outra senha comprida", {}, { headers: { "x-forwarded-proto": "https" } });
      expect(cookieOf(proxied, DEVICE_COOKIE)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: "Strict",
      });
    });
  });
}
