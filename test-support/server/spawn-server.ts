import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

export interface SpawnedServer {
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output (rejects if the process exits first). */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

/** Runs `node --import tsx src/server/main.ts` as `npm start` would, with only the given environment. */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
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
