import { describe, expect, it } from "vitest";
import { adoptPassword } from "./adopt-password";
import { hashPassword, verifyPassword } from "./password-hash";

/** The two calls adoptPassword makes, over one stored hash; counts the writes (each ends every session). */
function fakeAuth(stored?: string) {
  const auth = {
    hash: stored,
    writes: 0,
    passwordHash: async () => auth.hash,
    setPassword: async (hash: string) => {
      auth.hash = hash;
      auth.writes += 1;
    },
  };
  return auth;
}

describe("adoptPassword", () => {
  it("stores a hash of the password when none is set", async () => {
    const auth = fakeAuth();
    expect(await adoptPassword(auth, "cavalo correto bateria")).toBe(true);
    expect(await verifyPassword("cavalo correto bateria", auth.hash ?? "")).toBe(true);
  });

  it("leaves the same password alone, so the sessions it opened stay open", async () => {
    const auth = fakeAuth(await hashPassword("cavalo correto bateria", { log2N: 10 }));
    expect(await adoptPassword(auth, "cavalo correto bateria")).toBe(false);
    expect(auth.writes).toBe(0);
  });

  it("replaces another password", async () => {
    const auth = fakeAuth(await hashPassword("a senha antiga", { log2N: 10 }));
    expect(await adoptPassword(auth, "cavalo correto bateria")).toBe(true);
    expect(auth.writes).toBe(1);
    expect(await verifyPassword("cavalo correto bateria", auth.hash ?? "")).toBe(true);
  });
});
