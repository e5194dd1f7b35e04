import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

export interface Running {
  port: number;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
}

/** Starts a bench child that prints {"port": n} once it listens. */
function startPrintingPort(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = text.match(/\{"port":(\d+)\}/);
      if (match) resolve({ port: Number(match[1]), stop: stopper(child) });
    });
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}`)));
  });
}

export const startMemoteca = (file: string) =>
  startPrintingPort(["--import", "tsx", "bench/api-server.ts", file]);

export const startFloor = (page: string) =>
  startPrintingPort(["--import", "tsx", "bench/api-floor.ts", page]);

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
    if (ready) return { port, stop: stopper(child) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopper(child)();
  throw new Error("json-server did not answer within 60 s");
}
