import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { apiPaths, CSRF_COOKIE } from "../../../src/domain/contract";
import type { DialectName } from "../../../src/server/db";
import type { TestingStore } from "../../../src/server/db/testing";
import { type SpawnedServer, spawnServer } from "../spawn-server";
import { openTestStore, type TestStore, whileSchemasStand } from "../test-stores";
import { ApiSession } from "./http";

/** A real server process, listening, with the anti-forgery token it handed out. */
export interface RunningServer {
  /** A short name for failure messages ("A", "B"). */
  name: string;
  origin: string;
  process: SpawnedServer;
  api: ApiSession;
  /** Whether the process is still running (no exit code and no signal yet). */
  alive(): boolean;
  /** The lines the server logged at level error or above, for failure messages. */
  errorLines(max?: number): string[];
}

/** Every process this module started and that has not been reaped yet. */
const started = new Set<SpawnedServer>();

/** A PostgreSQL `application_name` no other test uses, so this test's server connections can be told apart. */
export function uniqueApplicationName(): string {
  return `memoteca_fault_${randomBytes(5).toString("hex")}`;
}

/**
 * The test database's URL naming this `application_name`: the PostgreSQL URL of openTestStore is a plain
 * URL (its schema travels in `options`), so one more query parameter reaches pg's connection settings.
 */
export function withApplicationName(databaseUrl: string, applicationName: string): string {
  const url = new URL(databaseUrl);
  if (!/^postgres(ql)?:$/.test(url.protocol)) throw new Error(`not a PostgreSQL URL: ${databaseUrl}`);
  url.searchParams.set("application_name", applicationName);
  return url.toString();
}

/**
 * Starts one server per name on the same database, all at once, with the write limit off. On PostgreSQL
 * the start-up (which migrates, looking at every schema) runs while no test schema is created or dropped.
 */
export async function startServers(
  dialect: DialectName,
  databaseUrl: string,
  names: string[],
  env: Record<string, string> = {},
): Promise<RunningServer[]> {
  return whileSchemasStand(dialect, () => Promise.all(names.map((name) => startOne(name, databaseUrl, env))));
}

async function startOne(name: string, databaseUrl: string, env: Record<string, string>) {
  const spawned = spawnServer({
    PORT: "0",
    WRITE_RATE_LIMIT: "0",
    // Every request at info would flood the pipe; errors (a 5xx logs one) are what a failure needs.
    LOG_LEVEL: "warn",
    DATABASE_URL: databaseUrl,
    ...env,
  });
  started.add(spawned);
  void spawned.exited.then(() => started.delete(spawned));
  const [, origin = ""] = await spawned.waitFor(/Memoteca em (http:\/\/\S+)/);
  const health = await fetch(`${origin}${apiPaths.health}`);
  if (health.status !== 200)
    throw new Error(`server ${name} answered its health check with ${health.status}`);
  const cookie = health.headers.get("set-cookie") ?? "";
  const token = new RegExp(`${CSRF_COOKIE}=([^;]+)`).exec(cookie)?.[1];
  if (!token) throw new Error(`server ${name} handed out no anti-forgery cookie`);
  const { child } = spawned;
  return {
    name,
    origin,
    process: spawned,
    api: new ApiSession(name, origin, token),
    alive: () => child.exitCode === null && child.signalCode === null,
    errorLines: (max = 5) => loggedErrors(spawned.output()).slice(0, max),
  } satisfies RunningServer;
}

/** SIGKILL and wait for exit: the process dies mid-write, as in a crash or an OOM kill. */
export async function killHard(server: RunningServer): Promise<void> {
  server.process.child.kill("SIGKILL");
  await server.process.exited;
}

/** Kills every process still running (for afterEach: a failed test leaves none behind). */
export async function killAllServers(): Promise<void> {
  const running = [...started];
  for (const spawned of running) spawned.child.kill("SIGKILL");
  await Promise.all(running.map((spawned) => spawned.exited));
}

/**
 * What a server said went wrong: its log lines at level error or above, shortened to the message and the
 * error's type and message, and any line that is not a log line (an uncaught exception's stack, say).
 */
export function loggedErrors(output: string): string[] {
  const lines: string[] = [];
  for (const line of output.split("\n")) {
    if (line.trim() === "" || line.startsWith("Memoteca em ")) continue;
    if (!line.startsWith("{")) {
      lines.push(line.slice(0, 300));
      continue;
    }
    if (!/"level":(50|60)/.test(line)) continue;
    try {
      const entry = JSON.parse(line) as {
        msg?: string;
        err?: { type?: string; code?: string; message?: string };
      };
      const { err } = entry;
      lines.push(
        `${entry.msg ?? ""}${err ? ` (${err.type ?? "Error"}${err.code ? ` ${err.code}` : ""}: ${err.message})` : ""}`,
      );
    } catch {
      lines.push(line.slice(0, 300));
    }
  }
  return lines;
}

/** Two servers, A and B, on one database of their own, for the tests of a describe block. */
export interface ServerPair {
  a: RunningServer;
  b: RunningServer;
  /** The test's own connection to that database, for the truth and for seeding. */
  store(): TestingStore;
}

/**
 * Opens a fresh database (seeded by `seed`, if given), starts A and B on it before the block's tests, and
 * kills them and drops the database after. Read `a` and `b` inside a test, once they have started.
 */
export function twoServersOn(
  dialect: DialectName,
  seed?: (store: TestingStore) => Promise<void>,
): ServerPair {
  let test: TestStore | undefined;
  let servers: RunningServer[] = [];
  const started = (index: number) => {
    const server = servers[index];
    if (!server) throw new Error("the servers have not started");
    return server;
  };
  beforeAll(async () => {
    test = await openTestStore(dialect);
    await seed?.(test.store);
    servers = await startServers(dialect, test.databaseUrl, ["A", "B"]);
  });
  afterAll(async () => {
    await killAllServers();
    await test?.cleanup();
  });
  return {
    get a() {
      return started(0);
    },
    get b() {
      return started(1);
    },
    store() {
      if (!test) throw new Error("no database");
      return test.store;
    },
  };
}
