import { describe, expect, it } from "vitest";
import { hashingLoad, hashPassword, needsRehash, verifyPassword } from "./password-hash";

describe("password hashes", () => {
  it("are scrypt at the default cost, salted, and verify the password alone", async () => {
    const hash = await hashPassword("cavalo correto bateria");
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(needsRehash(hash)).toBe(false);
    expect(hash).not.toContain("cavalo");
    expect(await verifyPassword("cavalo correto bateria", hash)).toBe(true);
    expect(await verifyPassword("cavalo correto bateriA", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
    expect(await hashPassword("cavalo correto bateria")).not.toBe(hash);
    // Five hashes at full cost (128 MiB of memory each): about 2 s on a quiet 2-core machine, 14 s under a
    // load of 14; the other test files' hashing may run beside it.
  }, 60_000);

  it("read the cost written in the hash, so a later change of cost still verifies older hashes", async () => {
    const cheap = await hashPassword("senha antiga", { log2N: 10 });
    expect(cheap).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword("senha antiga", cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(cheap, { log2N: 10 })).toBe(false);
    // A hash of the former default cost (2^15), as the databases made before hold it.
    const former = "scrypt$15$8$1$mHm1cxkdjbmMHBIxbBXnVg$x9xd0qPjUWyHDTve-fvpEEjIEP_W4ZaF0I5Fh18td0I";
    expect(await verifyPassword("senha antiga", former)).toBe(true);
    expect(needsRehash(former)).toBe(true);
  });

  it("hash two passwords at most at once; the others wait their turn and still verify", async () => {
    const hash = await hashPassword("cavalo correto bateria", { log2N: 12 });
    const checks = Array.from({ length: 5 }, (_, index) =>
      verifyPassword(index === 0 ? "cavalo correto bateria" : `errada ${index}`, hash),
    );
    expect(hashingLoad()).toEqual({ running: 2, waiting: 3 });
    expect(await Promise.all(checks)).toEqual([true, false, false, false, false]);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it("take a password typed composed or decomposed as the same", async () => {
    const hash = await hashPassword("ma\u00e7\u00e3 verde", { log2N: 10 });
    expect(await verifyPassword("mac\u0327a\u0303 verde", hash)).toBe(true);
  });

  it("match nothing when unreadable", async () => {
    for (const stored of [
      "",
      "plain",
      "bcrypt$10$8$1$abc$def",
      "scrypt$x$8$1$abc$def",
      "scrypt$99$8$1$abc$def",
    ]) {
      expect(await verifyPassword("plain", stored), stored).toBe(false);
    }
  });
});
