import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import type { AuthRepository } from "./auth.repository";

const NOW = Date.UTC(2026, 10, 22, 12);

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`auth repository on ${name}`, () => {
    let test: TestStore;
    let auth: AuthRepository;

    beforeAll(async () => {
      test = await openTestStore(name);
      auth = test.store.auth;
    });
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      await auth.removePassword();
      await test.store.db.deleteFrom("sign_in_attempts").execute();
    });

    const sessionOf = (tokenHash: string) => auth.access(tokenHash);
    const session = (tokenHash: string, passwordHash = "hash-1", expiresAt = NOW + 1_000) =>
      auth.createSession({ tokenHash, passwordHash, now: NOW, expiresAt });

    it("stores, replaces and removes the password hash", async () => {
      expect(await auth.passwordHash()).toBeUndefined();
      expect(await sessionOf("")).toEqual({ passwordSet: false });
      await auth.setPassword("hash-1");
      await auth.setPassword("hash-2");
      expect(await auth.passwordHash()).toBe("hash-2");
      expect(await sessionOf("")).toEqual({ passwordSet: true });
      expect(await auth.removePassword()).toBe(true);
      expect(await auth.removePassword()).toBe(false);
      expect(await auth.passwordHash()).toBeUndefined();
    });

    it("opens a session only while the password checked is still the one set", async () => {
      expect(await session("a")).toBe(false);
      await auth.setPassword("hash-1");
      expect(await session("b")).toBe(true);
      expect(await sessionOf("b")).toEqual({ passwordSet: true, sessionExpiresAt: NOW + 1_000 });
      expect(await session("c", "hash-0")).toBe(false);
      expect(await sessionOf("c")).toEqual({ passwordSet: true });
    });

    it("replaces the hash by a stronger one of the same password only while it is unchanged, sessions kept", async () => {
      await auth.setPassword("hash-1");
      await session("live");
      expect(await auth.replacePasswordHash("hash-0", "hash-2")).toBe(false);
      expect(await auth.replacePasswordHash("hash-1", "hash-2")).toBe(true);
      expect(await auth.passwordHash()).toBe("hash-2");
      expect(await sessionOf("live")).toEqual({ passwordSet: true, sessionExpiresAt: NOW + 1_000 });
    });

    it("reads a client's failures in its open window, and none once it closed", async () => {
      expect(await auth.signInFailures("203.0.113.1", NOW)).toBeUndefined();
      await auth.countSignInAttempt("203.0.113.1", NOW, 60_000);
      await auth.countSignInAttempt("203.0.113.1", NOW, 60_000);
      expect(await auth.signInFailures("203.0.113.1", NOW + 59_999)).toEqual({
        attempts: 2,
        windowEndsAt: NOW + 60_000,
      });
      expect(await auth.signInFailures("203.0.113.2", NOW)).toBeUndefined();
      expect(await auth.signInFailures("203.0.113.1", NOW + 60_000)).toBeUndefined();
    });

    it("renews and ends sessions, and drops expired ones when opening another", async () => {
      await auth.setPassword("hash-1");
      await session("old", "hash-1", NOW);
      await session("live");
      await auth.renewSession("live", NOW + 5_000);
      expect(await auth.access("live")).toMatchObject({ sessionExpiresAt: NOW + 5_000 });
      await session("new");
      const left = await test.store.db
        .selectFrom("sessions")
        .select("token_hash")
        .orderBy("token_hash")
        .execute();
      expect(left.map((row) => row.token_hash)).toEqual(["live", "new"]);
      await auth.endSession("live");
      expect(await sessionOf("live")).toEqual({ passwordSet: true });
    });

    it("counts parallel attempts one by one, per client, and starts again when the window closes", async () => {
      const counted = await Promise.all(
        Array.from({ length: 8 }, () => auth.countSignInAttempt("203.0.113.1", NOW, 60_000)),
      );
      expect(counted.map((window) => window.attempts).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
      expect(new Set(counted.map((window) => window.windowEndsAt))).toEqual(new Set([NOW + 60_000]));
      expect(await auth.countSignInAttempt("203.0.113.2", NOW, 60_000)).toEqual({
        attempts: 1,
        windowEndsAt: NOW + 60_000,
      });
      expect(await auth.countSignInAttempt("203.0.113.1", NOW + 60_000, 60_000)).toEqual({
        attempts: 1,
        windowEndsAt: NOW + 120_000,
      });
      await auth.forgetSignInAttempts("203.0.113.1");
      expect((await auth.countSignInAttempt("203.0.113.1", NOW + 60_001, 60_000)).attempts).toBe(1);
    });
  });
}
