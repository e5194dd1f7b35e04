// The container test: the image docs/docker.md builds, run as docs/docker.md runs it, on SQLite in a named
// volume and on the machine's PostgreSQL. Each check is one counted test; a failed check skips the ones of
// its sequence after it, which need what it set up.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildImage, checkLean, ensureBaseImages } from "./container-image.mjs";
import { containerLog, docker, dockerMissing, inspect, removeQuietly, waitUntilHealthy } from "./docker.mjs";
import { memotecaClient } from "./memoteca-client.mjs";
import { freePort } from "./workspace.mjs";

const TAG = "memoteca:container-test";
const PASSWORD = "cavalo correto bateria";
/** What `docker stop` waits by default before it kills; a graceful stop must end well within it. */
const DOCKER_STOP_TIMEOUT_S = 10;
const STOP_WITHIN_MS = 5_000;
/** The image's health check runs every 30 s; the test runs the same command every second. */
const HEALTH_EVERY_SECOND = ["--health-interval", "1s"];
const THOUGHT = { conteudo: "Navegar é preciso", autoria: "Fernando Pessoa", modelo: "modelo2" };

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** `docker stop`, timed; the server must exit with 0 on its own, long before Docker would kill it. */
function stopGracefully(container) {
  const started = performance.now();
  docker(["stop", "--time", String(DOCKER_STOP_TIMEOUT_S), container]);
  const took = performance.now() - started;
  const code = inspect(container, "{{.State.ExitCode}}");
  if (code !== "0" || took > STOP_WITHIN_MS) {
    throw new Error(`docker stop took ${seconds(took)}, exit code ${code}:\n${containerLog(container)}`);
  }
  return `${Math.round(took)} ms, exit code 0`;
}

function sameThought(found) {
  if (found.conteudo !== THOUGHT.conteudo || found.autoria !== THOUGHT.autoria) {
    throw new Error(`expected ${JSON.stringify(THOUGHT)}, found ${JSON.stringify(found)}`);
  }
}

/** SQLite in a named volume, the password from a file as a Docker secret would give it. */
function sqliteChecks({ container, volume, scratch }) {
  const secret = join(scratch, "memoteca_password");
  let port;
  let client;
  let id;
  // As docs/docker.md's docker run: the volume, the secret, and the port on this machine's loopback.
  const start = async () => {
    docker([
      "run",
      "--detach",
      "--name",
      container,
      ...HEALTH_EVERY_SECOND,
      "--publish",
      `127.0.0.1:${port}:3000`,
      "--volume",
      `${volume}:/data`,
      "--volume",
      `${secret}:/run/secrets/memoteca_password:ro`,
      "--env",
      "MEMOTECA_PASSWORD_FILE=/run/secrets/memoteca_password",
      TAG,
    ]);
    return waitUntilHealthy(container);
  };
  return [
    [
      "runs as a non-root user with its password from a file, and reports healthy",
      async () => {
        // Readable by the container's user, as docs/docker.md says a secret file must be.
        writeFileSync(secret, `${PASSWORD}\n`, { mode: 0o644 });
        port = await freePort();
        docker(["volume", "create", volume]);
        const healthyAfter = await start();
        // The server's own uid (PID 1), read by node: the image has no `id`.
        const uid = docker([
          "exec",
          container,
          "node",
          "-p",
          "/^Uid:\\s+(\\d+)/m.exec(require('node:fs').readFileSync('/proc/1/status', 'utf8'))[1]",
        ]);
        if (uid !== "10001") throw new Error(`the server runs as uid ${uid}, not 10001`);
        client = memotecaClient(`http://127.0.0.1:${port}`);
        return `uid ${uid}, healthy after ${seconds(healthyAfter)}`;
      },
    ],
    [
      "signs in with that password and creates a thought through the API",
      async () => {
        await client.signIn(PASSWORD);
        const created = await client.createThought(THOUGHT);
        id = created.body.id;
        return `thought ${id}`;
      },
    ],
    ["docker stop ends the server gracefully", () => stopGracefully(container)],
    [
      "after docker start the thought is still there, and the session too (the password was not set again)",
      async () => {
        docker(["start", container]);
        await waitUntilHealthy(container);
        sameThought((await client.thought(id)).body);
        const log = containerLog(container, { tail: "all" });
        const passwordSet = log.split("Senha definida a partir de MEMOTECA_PASSWORD_FILE").length - 1;
        if (passwordSet !== 1)
          throw new Error(`the password was set ${passwordSet} times over two starts:\n${log}`);
      },
    ],
    [
      "npm run backup inside the container writes a copy into the volume",
      () => {
        docker([
          "exec",
          container,
          "npm",
          "run",
          "--silent",
          "backup",
          "--",
          "--out",
          "/data/backup-test.db",
        ]);
        docker(["exec", container, "node", "-e", "require('node:fs').statSync('/data/backup-test.db')"]);
      },
    ],
    [
      "the image's own tar archives the stopped volume into a tarball, as docs/docker.md backs it up",
      () => {
        docker(["stop", container]);
        docker([
          "run",
          "--rm",
          "--user",
          String(process.getuid()),
          "--entrypoint",
          "tar",
          "--volume",
          `${volume}:/data:ro`,
          "--volume",
          `${scratch}:/backup`,
          TAG,
          "-czf",
          "/backup/memoteca-data.tgz",
          "-C",
          "/data",
          ".",
        ]);
        const files = execFileSync("tar", ["-tzf", join(scratch, "memoteca-data.tgz")], { encoding: "utf8" });
        if (!files.split("\n").includes("./memoteca.db")) throw new Error(`the tarball holds:\n${files}`);
      },
    ],
    [
      "a new container on the same volume, as an upgrade makes it, finds the thought and the session",
      async () => {
        // A restart keeps the container's own files; only a new container shows that the data is in the volume.
        docker(["rm", "--force", container]);
        await start();
        sameThought((await client.thought(id)).body);
      },
    ],
  ];
}

/**
 * The same image on the machine's PostgreSQL, in a database of its own (dropped by `dropDatabase`), through
 * the host's network.
 */
function postgresChecks({ container, postgresUrl }) {
  const database = `memoteca_container_${process.pid}`;
  let created = false;
  const dropDatabase = async () => {
    if (!created) return;
    await onPostgres(postgresUrl, (db) => db.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).catch(
      (error) => console.error(`could not drop the database ${database}: ${error.message}`),
    );
  };
  return {
    dropDatabase,
    checks: [
      [
        "on PostgreSQL (host network) it migrates its own database, reports healthy and stores a thought",
        async () => {
          const url = new URL(postgresUrl);
          url.pathname = `/${database}`;
          await onPostgres(postgresUrl, (db) => db.query(`CREATE DATABASE ${database}`));
          created = true;
          const port = await freePort();
          // On the host's network, HOST=127.0.0.1 keeps it off the network: no password needed.
          docker([
            "run",
            "--detach",
            "--name",
            container,
            ...HEALTH_EVERY_SECOND,
            "--network",
            "host",
            "--env",
            `PORT=${port}`,
            "--env",
            "HOST=127.0.0.1",
            "--env",
            `DATABASE_URL=${url}`,
            TAG,
          ]);
          await waitUntilHealthy(container);
          const client = memotecaClient(`http://127.0.0.1:${port}`);
          const { body: health } = await client.health();
          if (health.database !== "postgres") throw new Error(`/api/health says ${JSON.stringify(health)}`);
          const {
            body: { id },
          } = await client.createThought(THOUGHT);
          sameThought((await client.thought(id)).body);
          const tables = await onPostgres(url.href, (db) =>
            db.query(
              "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
            ),
          );
          return `${tables.rows[0].n} tables in ${database}`;
        },
      ],
      ["docker stop ends the server gracefully on PostgreSQL too", () => stopGracefully(container)],
    ],
  };
}

async function onPostgres(connectionString, work) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs checks in order, counting them; after a failure the rest of the sequence is skipped. */
async function runSequence(checks, counted) {
  let failed = false;
  for (const [name, check] of checks) {
    if (failed) {
      counted.skipped += 1;
      console.log(`skipped: ${name}`);
      continue;
    }
    try {
      const figures = await check();
      counted.passed += 1;
      console.log(`ok: ${name}${figures ? ` (${figures})` : ""}`);
    } catch (error) {
      failed = true;
      counted.failed += 1;
      console.error(`FAIL: ${name}\n${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return !failed;
}

/**
 * The CI step. Without a Docker daemon it fails under CI=true, and is reported as skipped elsewhere, as the
 * PostgreSQL suites are without TEST_DATABASE_URL; so is the PostgreSQL part.
 */
export async function containerStep({ postgresUrl, inCi }) {
  const names = {
    container: `memoteca-test-sqlite-${process.pid}`,
    volume: `memoteca-test-data-${process.pid}`,
    scratch: mkdtempSync(join(tmpdir(), "memoteca-container-")),
  };
  const postgresContainer = `memoteca-test-postgres-${process.pid}`;
  const postgres = postgresChecks({ container: postgresContainer, postgresUrl });
  const image = [
    [
      "the image builds as docs/docker.md says",
      () => `${ensureBaseImages()}, built in ${seconds(buildImage(TAG))}`,
    ],
    [
      "the image is at most 200 MB and holds no dev dependency, source, test or source map",
      () => checkLean(TAG),
    ],
  ];
  const sqlite = sqliteChecks(names);
  const counted = { passed: 0, failed: 0, skipped: 0 };
  const total = image.length + sqlite.length + postgres.checks.length;
  try {
    const missing = dockerMissing();
    if (missing) {
      if (inCi) throw new Error(`the container test needs Docker: ${missing}`);
      console.log(`note: ${missing}: the container test is skipped (with CI=true it fails).`);
      return { ok: true, counted: { ...counted, skipped: total } };
    }
    if (!(await runSequence(image, counted))) {
      counted.skipped += total - image.length;
      return { ok: false, counted };
    }
    await runSequence(sqlite, counted);
    if (postgresUrl) {
      await runSequence(postgres.checks, counted);
    } else {
      console.log("note: TEST_DATABASE_URL is not set: the container on PostgreSQL is skipped.");
      counted.skipped += postgres.checks.length;
    }
    return { ok: counted.failed === 0, counted };
  } finally {
    removeQuietly("container", [names.container, postgresContainer]);
    removeQuietly("volume", [names.volume]);
    removeQuietly("image", [TAG]);
    rmSync(names.scratch, { recursive: true, force: true });
    await postgres.dropDatabase();
  }
}
