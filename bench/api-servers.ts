import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { buildState, SERVER_ENTRY } from "../scripts/build-inputs.mjs";
import { SERVER_NODE_FLAGS } from "../scripts/server-node-flags.mjs";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER } from "../src/domain/contract";

const root = fileURLToPath(new URL("../", import.meta.url));

export interface Running {
  port: number;
  /** The server's process, whose memory a benchmark may sample. */
  pid: number;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      // Ended already, by itself or by a signal (a second stop finds it so): nothing to wait for.
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
}

/** Starts a bench child and resolves with the port it prints once it listens (its first match of `port`). */
function startPrintingPort(args: string[], port: RegExp, env?: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = text.match(port);
      if (match) resolve({ port: Number(match[1]), pid: child.pid ?? 0, stop: stopper(child) });
    });
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}`)));
  });
}

/**
 * Memoteca as production runs it, `node --optimize-for-size dist/server/main.js` (SERVER_NODE_FLAGS), built
 * first when dist/ is missing or older than the sources, on the database that `databaseUrl` names (`file:…` or `postgres://…`). No logs and no
 * write limit: the benchmark measures the API, not the logger or the 429s.
 */
export function startMemoteca(databaseUrl: string): Promise<Running> {
  if (buildState(root) !== "fresh") {
    console.log("dist/ is missing or stale: npm run build");
    const build = spawnSync(process.execPath, ["scripts/build.mjs"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error(`npm run build failed with ${build.status}`);
  }
  return startPrintingPort([...SERVER_NODE_FLAGS, SERVER_ENTRY], /Memoteca em http:\/\/[^\s]+:(\d+)/, {
    PATH: process.env.PATH,
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    WRITE_RATE_LIMIT: "0",
  });
}

/** The cookie and header a write to Memoteca needs, fetched as a browser gets them. */
export async function antiForgery(port: number): Promise<Record<string, string>> {
  const response = await fetch(`http://127.0.0.1:${port}${apiPaths.health}`);
  const token = new RegExp(`${CSRF_COOKIE}=([^;]+)`).exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error("Memoteca handed out no anti-forgery token");
  return { cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** json-server 0.17.4 on the given db.json, ready once it answers a first page. */
export async function startJsonServer(dbJson: string): Promise<Running> {
  const port = await freePort();
  const bin = "node_modules/json-server/lib/cli/bin.js";
  const child = spawn(
    process.execPath,
    [bin, "--quiet", "--host", "127.0.0.1", "--port", String(port), dbJson],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`json-server exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/pensamentos?_limit=1`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { port, pid: child.pid ?? 0, stop: stopper(child) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopper(child)();
  throw new Error("json-server did not answer within 60 s");
}
