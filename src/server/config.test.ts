import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";

const scratch = mkdtempSync(join(tmpdir(), "memoteca-config-"));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const sqliteUrl = `file:${join(scratch, "ok", "m.db")}`;

describe("loadConfig", () => {
  it("uses the documented defaults for an empty environment, blank values counting as missing", () => {
    const result = loadConfig({ PORT: "", SHUTDOWN_TIMEOUT_MS: "", DATABASE_URL: sqliteUrl });
    expect(result).toEqual({
      ok: true,
      config: {
        port: 3000,
        host: "127.0.0.1",
        database: { kind: "sqlite", file: join(scratch, "ok", "m.db") },
        databaseTimeouts: { connectTimeoutMs: 5_000, statementTimeoutMs: 10_000 },
        logLevel: "info",
        shutdownTimeoutMs: 10_000,
        requestTimeoutMs: 60_000,
        writeRateLimit: 600,
        allowedHosts: [],
        auth: "password",
        trustProxy: false,
      },
    });
  });

  it("reads ALLOWED_HOSTS as a comma-separated list of host names in lower case, ports kept", () => {
    const result = loadConfig({
      DATABASE_URL: sqliteUrl,
      ALLOWED_HOSTS: " Memoteca.Exemplo.com, 192.168.0.10:3000 ,[fe80::1],",
    });
    expect(result).toMatchObject({
      ok: true,
      config: { allowedHosts: ["memoteca.exemplo.com", "192.168.0.10:3000", "[fe80::1]"] },
    });
  });

  it.each(["https://memoteca.exemplo.com", "memoteca.exemplo.com/mural", "*.exemplo.com", "a b"])(
    "rejects ALLOWED_HOSTS=%s: a host name, not an address or a pattern",
    (value) => {
      const result = loadConfig({ DATABASE_URL: sqliteUrl, ALLOWED_HOSTS: value });
      expect(result).toEqual({
        ok: false,
        problems: [
          `ALLOWED_HOSTS=${JSON.stringify(value)}: cada nome deve ser um host, como memoteca.exemplo.com ou 192.168.0.10:3000 (sem http:// nem caminho)`,
        ],
      });
    },
  );

  it("reads AUTH=none and TRUST_PROXY=true as one proxy in front", () => {
    const result = loadConfig({ DATABASE_URL: sqliteUrl, AUTH: "none", TRUST_PROXY: "true" });
    expect(result).toMatchObject({ ok: true, config: { auth: "none", trustProxy: 1 } });
  });

  it("reads TRUST_PROXY as a hop count or a list of proxy addresses and ranges, as Fastify takes them", () => {
    const read = (value: string) => {
      const result = loadConfig({ DATABASE_URL: sqliteUrl, TRUST_PROXY: value });
      return result.ok ? result.config.trustProxy : result.problems;
    };
    expect(read("false")).toBe(false);
    expect(read("2")).toBe(2);
    expect(read(" 10.0.0.2, 192.168.0.0/16 ,fd00::/8,loopback")).toEqual([
      "10.0.0.2",
      "192.168.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
    expect(read("11")).toEqual(['TRUST_PROXY="11": o número de proxies deve estar entre 0 e 10']);
    for (const wrong of ["10.0.0.0/33", "10.0.0.1/8/2", "proxy.example", "::1/129"]) {
      expect(read(wrong), wrong).toEqual([expect.stringMatching(/^TRUST_PROXY=.*deve ser true, false/)]);
    }
  });

  it("reads PostgreSQL URLs as they are", () => {
    const url = "postgres://user@db.example:5432/memoteca";
    const result = loadConfig({ DATABASE_URL: url, PORT: "0", HOST: "0.0.0.0", LOG_LEVEL: "warn" });
    expect(result).toEqual({
      ok: true,
      config: expect.objectContaining({
        port: 0,
        host: "0.0.0.0",
        database: { kind: "postgres", url },
        logLevel: "warn",
      }),
    });
  });

  it("reads the shutdown deadline, the request timeout, and the write limit with 0 turning it off", () => {
    const tuned = loadConfig({
      DATABASE_URL: sqliteUrl,
      SHUTDOWN_TIMEOUT_MS: "2500",
      REQUEST_TIMEOUT_MS: "15000",
      WRITE_RATE_LIMIT: "30",
    });
    expect(tuned).toMatchObject({
      ok: true,
      config: { shutdownTimeoutMs: 2500, requestTimeoutMs: 15_000, writeRateLimit: 30 },
    });
    const unlimited = loadConfig({ DATABASE_URL: sqliteUrl, WRITE_RATE_LIMIT: "0" });
    expect(unlimited).toMatchObject({ ok: true, config: { writeRateLimit: false } });
  });

  it("reads the database timeouts", () => {
    const result = loadConfig({
      DATABASE_URL: sqliteUrl,
      DATABASE_CONNECT_TIMEOUT_MS: "1500",
      DATABASE_STATEMENT_TIMEOUT_MS: "30000",
    });
    expect(result).toMatchObject({
      ok: true,
      config: { databaseTimeouts: { connectTimeoutMs: 1500, statementTimeoutMs: 30_000 } },
    });
  });

  it.each([
    ["DATABASE_CONNECT_TIMEOUT_MS", "cinco", "deve ser um número de milissegundos"],
    ["DATABASE_CONNECT_TIMEOUT_MS", "0", "deve estar entre 1 e 600000 (dez minutos)"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "600001", "deve estar entre 1 e 600000 (dez minutos)"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "2.5", "deve ser um número inteiro de milissegundos"],
    ["SHUTDOWN_TIMEOUT_MS", "abc", "deve ser um número de milissegundos"],
    ["SHUTDOWN_TIMEOUT_MS", "0", "deve estar entre 1 e 3600000 (uma hora)"],
    ["SHUTDOWN_TIMEOUT_MS", "3600001", "deve estar entre 1 e 3600000 (uma hora)"],
    ["SHUTDOWN_TIMEOUT_MS", "1.5", "deve ser um número inteiro de milissegundos"],
    ["REQUEST_TIMEOUT_MS", "0", "deve estar entre 1 e 600000 (dez minutos)"],
    ["REQUEST_TIMEOUT_MS", "um minuto", "deve ser um número de milissegundos"],
    ["WRITE_RATE_LIMIT", "muitas", "deve ser um número de escritas por minuto (0 desliga o limite)"],
    ["WRITE_RATE_LIMIT", "-1", "não pode ser negativo (0 desliga o limite)"],
    ["WRITE_RATE_LIMIT", "2.5", "deve ser um número inteiro de escritas por minuto"],
    ["AUTH", "basic", "deve ser password ou none"],
    [
      "TRUST_PROXY",
      "yes",
      'deve ser true, false, um número de proxies ou uma lista de endereços e faixas dos proxies (como 10.0.0.2,192.168.0.0/16); "yes" não é um deles',
    ],
  ])("rejects %s=%s in Portuguese", (name, value, message) => {
    const result = loadConfig({ DATABASE_URL: sqliteUrl, [name]: value });
    expect(result).toEqual({ ok: false, problems: [`${name}="${value}": ${message}`] });
  });

  it.each(["abc", "-1", "65536", "80.5"])("rejects PORT=%s, naming the variable", (port) => {
    const result = loadConfig({ PORT: port, DATABASE_URL: sqliteUrl });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([expect.stringMatching(new RegExp(`^PORT="${port}": `))]);
  });

  it("rejects an unknown DATABASE_URL scheme", () => {
    const result = loadConfig({ DATABASE_URL: "mysql://root@localhost/db" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toEqual([expect.stringContaining('DATABASE_URL="mysql://root@localhost/db"')]);
      expect(result.problems[0]).toContain("esquema não suportado");
    }
  });

  it("rejects a data folder that cannot be created or written", () => {
    // A regular file where a folder should be: refused even for root, unlike a chmod-ed folder.
    const notAFolder = join(scratch, "not-a-folder");
    writeFileSync(notAFolder, "");
    const result = loadConfig({ DATABASE_URL: `file:${join(notAFolder, "data", "m.db")}` });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toEqual([
        expect.stringMatching(/^DATABASE_URL=.*não pode ser criada ou não aceita escrita \(ENOTDIR\)/),
      ]);
    }
  });

  it("reports every bad variable at once", () => {
    const result = loadConfig({ PORT: "abc", LOG_LEVEL: "loud", DATABASE_URL: "ftp://x" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const names = result.problems.map((problem) => problem.split("=")[0]);
      expect(names.sort()).toEqual(["DATABASE_URL", "LOG_LEVEL", "PORT"]);
    }
  });
});

describe("loadConfig with MEMOTECA_PASSWORD_FILE", () => {
  const passwordFile = (name: string, text: string) => {
    const path = join(scratch, name);
    writeFileSync(path, text);
    return path;
  };

  it("reads the password from the file, without the line breaks at its end", () => {
    const path = passwordFile("senha", "cavalo correto bateria\r\n\n");
    const result = loadConfig({ DATABASE_URL: sqliteUrl, MEMOTECA_PASSWORD_FILE: path });
    expect(result).toMatchObject({ ok: true, config: { passwordFromFile: "cavalo correto bateria" } });
  });

  it("keeps the spaces of the password: only line breaks are trimmed", () => {
    const path = passwordFile("senha-espacos", " com espaços \n");
    const result = loadConfig({ DATABASE_URL: sqliteUrl, MEMOTECA_PASSWORD_FILE: path });
    expect(result).toMatchObject({ ok: true, config: { passwordFromFile: " com espaços " } });
  });

  it("has no password without the variable", () => {
    const result = loadConfig({ DATABASE_URL: sqliteUrl });
    expect(result.ok && result.config.passwordFromFile).toBeUndefined();
  });

  it.each([
    ["a file that is not there", () => join(scratch, "ausente"), "o arquivo não pode ser lido (ENOENT)"],
    ["a folder", () => scratch, "o arquivo não pode ser lido (EISDIR)"],
    ["an empty file", () => passwordFile("vazia", "\n"), "A senha não pode ser vazia."],
    [
      "a short password",
      () => passwordFile("curta", "curta\n"),
      "A senha precisa ter no mínimo 8 caracteres.",
    ],
    [
      "two lines",
      () => passwordFile("duas-linhas", "primeira linha\nsegunda linha\n"),
      "a senha deve estar numa só linha do arquivo",
    ],
  ])("refuses %s, naming the variable, with every other bad variable", (_case, path, message) => {
    const file = path();
    const result = loadConfig({ DATABASE_URL: sqliteUrl, PORT: "abc", MEMOTECA_PASSWORD_FILE: file });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toContain(`MEMOTECA_PASSWORD_FILE=${JSON.stringify(file)}: ${message}`);
      expect(result.problems).toHaveLength(2);
    }
  });
});
