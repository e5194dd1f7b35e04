import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../src/server/auth/password-hash";
import type { Store } from "../src/server/db";
import { runScript } from "../test-support/server/run-script";
import {
  openTestStore,
  type TestStore,
  testDialects,
  whileSchemasStand,
} from "../test-support/server/test-stores";

const root = fileURLToPath(new URL("../", import.meta.url));
const PASSWORD = "cavalo correto bateria";

/** `npm run password` as a person or a script runs it: its own process, with `input` on standard input. */
const password = (databaseUrl: string, args: string[], input = "") =>
  runScript("password", databaseUrl, args, input);

/** A session opened as a sign-in would; the command must end it. */
async function openSession(store: Store): Promise<void> {
  const passwordHash = await store.auth.passwordHash();
  if (!passwordHash) throw new Error("no password to open a session with");
  const now = Date.now();
  expect(await store.auth.createSession({ tokenHash: "t", passwordHash, now, expiresAt: now + 60_000 })).toBe(
    true,
  );
}

const sessions = async (store: Store) => (await store.db.selectFrom("sessions").selectAll().execute()).length;

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`npm run password on ${name}`, () => {
    let test: TestStore;
    const run = (args: string[], input?: string) =>
      whileSchemasStand(name, () => password(test.databaseUrl, args, input));
    const stored = async () => test.store.auth.passwordHash();

    beforeAll(async () => {
      test = await openTestStore(name);
    });
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      await test.store.auth.removePassword();
    });

    it("--stdin sets the password from standard input and ends every session", async () => {
      await test.store.auth.setPassword(await hashPassword("senha antiga", { log2N: 10 }));
      await openSession(test.store);
      const result = await run(["--stdin"], `${PASSWORD}\n`);
      expect(result).toMatchObject({ code: 0, stderr: "" });
      expect(result.stdout).toContain("Senha definida. Todas as sessões foram encerradas");
      const hash = (await stored()) ?? "";
      expect(hash).toMatch(/^scrypt\$17\$8\$1\$/);
      expect(await verifyPassword(PASSWORD, hash)).toBe(true);
      expect(await sessions(test.store)).toBe(0);
    });

    it("--remove removes the password and every session, and says when there was none", async () => {
      await test.store.auth.setPassword(await hashPassword(PASSWORD, { log2N: 10 }));
      await openSession(test.store);
      const removed = await run(["--remove"]);
      expect(removed.code).toBe(0);
      expect(removed.stdout).toContain("Senha removida. Todas as sessões foram encerradas.");
      expect(await stored()).toBeUndefined();
      expect(await sessions(test.store)).toBe(0);
      const again = await run(["--remove"]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("Não havia senha definida. Nada foi alterado.");
    });
  });
}

describe("npm run password, refusing bad input (SQLite)", () => {
  let test: TestStore;
  const run = (args: string[], input?: string) => password(test.databaseUrl, args, input);

  beforeAll(async () => {
    test = await openTestStore("sqlite");
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it("asks twice, and sets the password when both answers agree", async () => {
    const result = await run([], `${PASSWORD}\n${PASSWORD}\n`);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("Nova senha: Repita a senha: ");
    expect(await verifyPassword(PASSWORD, (await test.store.auth.passwordHash()) ?? "")).toBe(true);
  });

  it.each([
    ["answers that differ", [], `${PASSWORD}\n${PASSWORD}!\n`, "As senhas não conferem. Nada foi alterado."],
    ["an empty answer", [], "\n\n", "A senha não pode ser vazia. Nada foi alterado."],
    ["no answer at all", [], "", "A senha não pode ser vazia. Nada foi alterado."],
    ["an empty --stdin", ["--stdin"], "\n", "A senha não pode ser vazia. Nada foi alterado."],
    [
      "a short --stdin",
      ["--stdin"],
      "curta\n",
      "A senha precisa ter no mínimo 8 caracteres. Nada foi alterado.",
    ],
    ["an unknown option", ["--senha=x"], "", "Uso: npm run password"],
    ["--stdin with --remove", ["--stdin", "--remove"], PASSWORD, "Uso: npm run password"],
  ])("refuses %s with exit 2, changing nothing", async (_, args, input, message) => {
    const before = await hashPassword("a que estava", { log2N: 10 });
    await test.store.auth.setPassword(before);
    const result = await run(args, input);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(await test.store.auth.passwordHash()).toBe(before);
  });

  it("names a bad configuration, with exit 2", async () => {
    const result = await password("mysql://root@localhost/db", ["--remove"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('DATABASE_URL="mysql://root@localhost/db"');
  });

  const hasScript = spawnSync("script", ["--version"]).status === 0;
  it.skipIf(!hasScript)("on a terminal, shows nothing of what is typed", async () => {
    // `script` gives the command a pseudo-terminal, as a person's shell would.
    const child = spawn("script", ["-qec", "node scripts/password.mjs", "/dev/null"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: test.databaseUrl },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let screen = "";
    child.stdout.on("data", (chunk) => {
      screen += String(chunk);
      if (/(Nova senha|Repita a senha): $/.test(screen)) child.stdin.write("segredo no terminal\r");
    });
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    expect(screen).toContain("Senha definida.");
    expect(screen).not.toContain("segredo");
    expect(await verifyPassword("segredo no terminal", (await test.store.auth.passwordHash()) ?? "")).toBe(
      true,
    );
  });
});
