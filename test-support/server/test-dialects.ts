// Which databases the suites run against, read from the environment alone: vitest.config.ts reads it too,
// so it imports nothing of the server.

/** The databases the server can run on (the server's DialectName, named here without importing it). */
type Dialect = "sqlite" | "postgres";

/** The dialects TEST_DIALECTS chooses ("sqlite", "postgres" or both, by commas); both when it is not set. */
export function chosenDialects(env: NodeJS.ProcessEnv = process.env): Dialect[] {
  const chosen = env.TEST_DIALECTS?.split(",").map((name) => name.trim());
  if (chosen === undefined) return ["sqlite", "postgres"];
  const unknown = chosen.find((name) => name !== "sqlite" && name !== "postgres");
  if (unknown !== undefined) {
    throw new Error(`TEST_DIALECTS names sqlite, postgres or both, not "${env.TEST_DIALECTS}"`);
  }
  return (["sqlite", "postgres"] as const).filter((name) => chosen.includes(name));
}

/**
 * The databases a suite runs against. SQLite always; PostgreSQL when TEST_DATABASE_URL is set. In CI
 * (CI=true) a missing TEST_DATABASE_URL is an error, so PostgreSQL tests can never silently vanish.
 * TEST_DIALECTS=sqlite chooses SQLite alone, by name (the other Node lines' runs in `npm test`: what differs
 * between Node lines is Node's own node:sqlite, not the pg driver's JavaScript). The PostgreSQL suites are
 * then not declared at all, rather than shown as skipped: the files of PostgreSQL's suites alone, named
 * `*.postgres.test.ts`, are left out (vitest.config.ts), and a PostgreSQL suite in a file of both declares
 * itself only when its dialect is in this list (`if (postgres) describe…`).
 */
export function testDialects(env: NodeJS.ProcessEnv = process.env): { name: Dialect; available: boolean }[] {
  const chosen = chosenDialects(env);
  const postgresUrl = env.TEST_DATABASE_URL;
  if (chosen.includes("postgres") && !postgresUrl && env.CI === "true") {
    throw new Error("CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suites cannot run.");
  }
  return chosen.map((name) => ({ name, available: name === "sqlite" || Boolean(postgresUrl) }));
}
