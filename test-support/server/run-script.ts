import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run <script>` as a person or a service runs it: its own process (scripts/<script>.mjs), with only
 * PATH and DATABASE_URL in its environment and `input` on standard input; resolves once it has exited.
 */
export function runScript(
  script: string,
  databaseUrl: string,
  args: string[],
  input = "",
): Promise<ScriptRun> {
  const child = spawn(process.execPath, [`scripts/${script}.mjs`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  child.stdin.end(input);
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}
