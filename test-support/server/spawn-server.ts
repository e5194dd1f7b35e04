import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildState, SERVER_ENTRY } from "../../scripts/build-inputs.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));

export interface SpawnedServer {
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output (rejects if the process exits first). */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

/**
 * Starts the server with only the given environment. When dist/ holds a build of the current sources, it
 * runs `node dist/server/main.js`, exactly what production runs; otherwise the source through tsx, so a
 * test never exercises an older build than the code it is testing (and needs no build step before it).
 */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const args = buildState(root) === "fresh" ? [SERVER_ENTRY] : ["--import", "tsx", "src/server/main.ts"];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = text.match(pattern);
        if (!match) return;
        listeners.delete(check);
        resolve(match);
      };
      listeners.add(check);
      check();
      void exited.then(() => {
        if (listeners.delete(check)) reject(new Error(`server exited before ${pattern}:\n${text}`));
      });
    });
  return { child, output: () => text, waitFor, exited };
}
