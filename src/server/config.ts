import { accessSync, constants, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { passwordProblem } from "./auth/password-rules";
import {
  type DatabaseTarget,
  type DatabaseTimeouts,
  DEFAULT_DATABASE_TIMEOUTS,
  parseDatabaseUrl,
} from "./db";
import { parseTrustProxy, type TrustedProxies } from "./security/trust-proxy";

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port: what a Host header holds. */
const HOST_NAME = /^(\[[\da-f:.]+\]|[a-z\d]([a-z\d-]*[a-z\d])?(\.[a-z\d]([a-z\d-]*[a-z\d])?)*)(:\d{1,5})?$/;

/** A wait on the database, in ms: never unbounded (0 is refused), and past ten minutes a wait is a hang. */
const databaseWaitMs = (fallback: number) =>
  z.coerce
    .number({ error: "deve ser um número de milissegundos" })
    .int("deve ser um número inteiro de milissegundos")
    .min(1, "deve estar entre 1 e 600000 (dez minutos)")
    .max(600_000, "deve estar entre 1 e 600000 (dez minutos)")
    .default(fallback);

/** The only module that reads process.env: everything else receives a parsed Config. */
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "deve ser um número de porta (0 a 65535)" })
    .int("deve ser um número inteiro")
    .min(0, "deve estar entre 0 e 65535")
    .max(65535, "deve estar entre 0 e 65535")
    .default(3000),
  HOST: z.string().min(1, "não pode ser vazio").default("127.0.0.1"),
  DATABASE_URL: z.string().min(1, "não pode ser vazio").default("file:./data/memoteca.db"),
  DATABASE_CONNECT_TIMEOUT_MS: databaseWaitMs(DEFAULT_DATABASE_TIMEOUTS.connectTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: databaseWaitMs(DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Past an hour a stop is a hang, not a grace period.
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: "deve ser um número de milissegundos" })
    .int("deve ser um número inteiro de milissegundos")
    .min(1, "deve estar entre 1 e 3600000 (uma hora)")
    .max(3_600_000, "deve estar entre 1 e 3600000 (uma hora)")
    .default(10_000),
  // A request's whole arrival, headers and body: 50 MiB in 60 s asks for 7 Mbit/s.
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: "deve ser um número de milissegundos" })
    .int("deve ser um número inteiro de milissegundos")
    .min(1, "deve estar entre 1 e 600000 (dez minutos)")
    .max(600_000, "deve estar entre 1 e 600000 (dez minutos)")
    .default(60_000),
  WRITE_RATE_LIMIT: z.coerce
    .number({ error: "deve ser um número de escritas por minuto (0 desliga o limite)" })
    .int("deve ser um número inteiro de escritas por minuto")
    .min(0, "não pode ser negativo (0 desliga o limite)")
    .default(600),
  ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            HOST_NAME,
            "cada nome deve ser um host, como memoteca.exemplo.com ou 192.168.0.10:3000 (sem http:// nem caminho)",
          ),
      ),
    )
    .default([]),
  AUTH: z.enum(["password", "none"], { error: "deve ser password ou none" }).default("password"),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === "object" && "problem" in parsed) {
        context.addIssue({ code: "custom", message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    })
    .default(false),
});

export interface Config {
  port: number;
  host: string;
  database: DatabaseTarget;
  databaseTimeouts: DatabaseTimeouts;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** How long a stop may wait for requests in flight before the process gives up on them. */
  shutdownTimeoutMs: number;
  /** How long a request may take to arrive, headers and body, before it is answered 408. */
  requestTimeoutMs: number;
  /** Writes per minute and client; false when the limit is off (WRITE_RATE_LIMIT=0). */
  writeRateLimit: number | false;
  /** Host names served besides the loopback ones (a reverse proxy's name), lower case, port optional. */
  allowedHosts: string[];
  /** "none": a proxy in front authenticates, so a HOST outside loopback may start without a password. */
  auth: "password" | "none";
  /**
   * The reverse proxies in front (TRUST_PROXY): the client is the right-most X-Forwarded-For address they
   * added; any proxy at all means TLS ends there (Secure cookies, HSTS).
   */
  trustProxy: TrustedProxies;
  /** The password held in MEMOTECA_PASSWORD_FILE (a Docker secret), to be hashed and stored at start. */
  passwordFromFile?: string;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Creates the SQLite folder when missing and checks it is writable, so a bad path fails at start. */
function checkDataFolder(file: string): string | undefined {
  if (file === ":memory:") return undefined;
  const folder = dirname(file);
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : "erro desconhecido";
    return `a pasta ${folder} não pode ser criada ou não aceita escrita (${reason})`;
  }
}

/**
 * The password in a file, without the line break an editor or `echo` leaves at its end; or why it cannot
 * be read or be the password. Read here, with the rest of the configuration, so a bad file stops the start
 * in the same report.
 */
function readPasswordFile(path: string): { password: string } | { problem: string } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : "erro desconhecido";
    const hint = reason === "EACCES" ? ": o usuário que roda o servidor precisa poder lê-lo" : "";
    return { problem: `o arquivo não pode ser lido (${reason})${hint}` };
  }
  const password = text.replace(/(\r?\n)+$/, "");
  if (/[\r\n]/.test(password)) return { problem: "a senha deve estar numa só linha do arquivo" };
  const problem = passwordProblem(password);
  return problem ? { problem } : { password };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ConfigResult {
  const blankAsMissing = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(blankAsMissing);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      problems.push(`${name}=${JSON.stringify(env[name])}: ${issue.message}`);
    }
  }
  const databaseUrl = parsed.success
    ? parsed.data.DATABASE_URL
    : (env.DATABASE_URL ?? "file:./data/memoteca.db");
  const database = parseDatabaseUrl(databaseUrl);
  if (typeof database === "string") {
    problems.push(`DATABASE_URL=${JSON.stringify(databaseUrl)}: ${database}`);
  } else if (database.kind === "sqlite") {
    const folderProblem = checkDataFolder(database.file);
    if (folderProblem) problems.push(`DATABASE_URL=${JSON.stringify(databaseUrl)}: ${folderProblem}`);
  }
  const passwordFile = blankAsMissing.MEMOTECA_PASSWORD_FILE;
  const fromFile = passwordFile === undefined ? undefined : readPasswordFile(passwordFile);
  if (fromFile && "problem" in fromFile) {
    problems.push(`MEMOTECA_PASSWORD_FILE=${JSON.stringify(passwordFile)}: ${fromFile.problem}`);
  }
  if (!parsed.success || typeof database === "string" || problems.length > 0) return { ok: false, problems };
  const { data } = parsed;
  return {
    ok: true,
    config: {
      port: data.PORT,
      host: data.HOST,
      database,
      databaseTimeouts: {
        connectTimeoutMs: data.DATABASE_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: data.DATABASE_STATEMENT_TIMEOUT_MS,
      },
      logLevel: data.LOG_LEVEL,
      shutdownTimeoutMs: data.SHUTDOWN_TIMEOUT_MS,
      requestTimeoutMs: data.REQUEST_TIMEOUT_MS,
      writeRateLimit: data.WRITE_RATE_LIMIT === 0 ? false : data.WRITE_RATE_LIMIT,
      allowedHosts: data.ALLOWED_HOSTS,
      auth: data.AUTH,
      trustProxy: data.TRUST_PROXY,
      passwordFromFile: fromFile && "password" in fromFile ? fromFile.password : undefined,
    },
  };
}
