import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** The second writer: its own process, writing through openStore to the same file as the server. */
export function secondWriter(file: string, writerMs: number) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test-support/server/faults/second-writer.ts", file, String(writerMs)],
    { cwd: root, env: { PATH: process.env.PATH ?? "" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on("data", append);
  child.stderr.on("data", append);
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => {
      if (output.includes("pronto")) resolve();
    });
    void exited.then(() => reject(new Error(`the second writer exited before starting:\n${output}`)));
  });
  return { child, ready, exited, output: () => output };
}
