// Starts a server command in a copy, as an operator would, and checks it serves the API and the page, then
// stops on SIGTERM with exit code 0.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanEnv, freePort } from "./workspace.mjs";

// A fault detector, not a budget (the start's time is printed): CI runs this beside the container's build and
// the browser tests, where a start that takes 1-2 s on a quiet machine took 13.6 s at load 18 (2026-11-27),
// and one CI run failed Node 22's production install without a word kept of why.
const READY_WITHIN_MS = 90_000;
const STOP_WITHIN_MS = 15_000;

function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode);
    else child.once("exit", (code, signal) => resolve(code ?? signal));
  });
}

const within = (promise, ms) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve("timeout"), ms))]);

/**
 * Runs `command args` in `cwd` with a fresh SQLite file and a free port; returns how long it took from the
 * spawn to the first 200 of /api/health. Throws, with the server's output, on anything else.
 */
export async function checkServes(label, { cwd, command, args, env = {} }) {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), "memoteca-serve-"));
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: cleanEnv({
      DATABASE_URL: `file:${join(data, "memoteca.db")}`,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const fail = (why) =>
    new Error(`${label}: ${why}\n--- output of ${command} ${args.join(" ")} ---\n${output}`);

  try {
    let readyMs;
    while (readyMs === undefined) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw fail(`ended (${child.exitCode ?? child.signalCode}) before answering`);
      }
      if (performance.now() - started > READY_WITHIN_MS)
        throw fail(`no 200 from /api/health within ${READY_WITHIN_MS / 1000} s`);
      const status = await fetch(`${origin}/api/health`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) readyMs = performance.now() - started;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const page = await fetch(`${origin}/listarPensamento`);
    const html = await page.text();
    if (page.status !== 200 || !page.headers.get("content-type")?.startsWith("text/html")) {
      throw fail(`/listarPensamento answered ${page.status} ${page.headers.get("content-type")}`);
    }
    if (!html.includes('<div id="root">') || !/src="\/assets\/[^"]+\.js"/.test(html)) {
      throw fail(`/listarPensamento is not the built page:\n${html.slice(0, 400)}`);
    }
    // Rendered on the server (dist/ssr), which must run without the web's packages: the wall's heading
    // and the state block the browser hydrates from.
    if (!html.includes(">Meu mural</h1>") || !html.includes('id="memoteca-state"')) {
      throw fail(`/listarPensamento was not rendered on the server:\n${html.slice(0, 400)}`);
    }
    child.kill("SIGTERM");
    const code = await within(exited(child), STOP_WITHIN_MS);
    if (code !== 0) throw fail(`on SIGTERM ended with ${code}, not exit code 0`);
    console.log(
      `${label}: first 200 from /api/health after ${Math.round(readyMs)} ms; page rendered; SIGTERM -> exit 0`,
    );
    return readyMs;
  } finally {
    child.kill("SIGKILL");
    rmSync(data, { recursive: true, force: true });
  }
}

/** Runs `command args` expecting it to refuse to start: a non-zero exit, and an output matching `says`. */
export async function checkRefuses(label, { cwd, command, args, says, env = {} }) {
  const child = spawn(command, args, { cwd, env: cleanEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await within(exited(child), READY_WITHIN_MS);
  child.kill("SIGKILL");
  const missing = says.filter((text) => !output.includes(text));
  if (code === 0 || code === "timeout" || missing.length > 0) {
    throw new Error(
      `${label}: expected a refusal saying ${JSON.stringify(missing)}, got ${code}:\n${output}`,
    );
  }
  console.log(`${label}: refused with exit ${code}, saying what to do`);
}
