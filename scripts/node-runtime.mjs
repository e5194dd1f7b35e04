// Which Node.js runs the app's commands (`npm start`, `npm run password`, …). Plain JavaScript that any Node
// can parse, so that an old one still gets to say what is wrong.
//
// npm puts node_modules/.bin first on PATH, so `node` in an npm script is the runtime the devDependency
// `node` pins (from the npm registry): that is what lets `npm install && npm start` work on a machine whose
// own Node is too old. A machine whose own Node is supported runs on it: npm names it in npm_node_execpath.
import { execFileSync } from "node:child_process";

/** The Node.js lines the app runs on; package.json's `engines` says the same. */
export const SUPPORTED_NODE = "22 (22.16 ou mais novo), 24 ou 26";

export function isSupportedNode(version) {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return (major === 22 && minor >= 16) || major === 24 || major === 26;
}

/** Stops with one line, not a stack, on a Node the app cannot run on. */
export function requireSupportedNode() {
  const version = process.versions.node;
  if (isSupportedNode(version)) return;
  console.error(
    `Memoteca precisa do Node.js ${SUPPORTED_NODE}; este é o ${version}. Rode npm install (ele instala o Node fixado no projeto) ou instale uma dessas versões.`,
  );
  process.exit(1);
}

/**
 * Under the pinned runtime, hands the process over (same pid, same arguments) to the machine's own Node when
 * that one is supported. Node 22.15 and later can replace the process in place (process.execve); an older
 * pinned runtime, or none to hand over to, leaves things as they are.
 */
export function preferOwnNode() {
  const own = process.env.npm_node_execpath;
  if (!own || own === process.execPath || typeof process.execve !== "function") return;
  let version;
  try {
    version = execFileSync(own, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
  } catch {
    return;
  }
  if (!isSupportedNode(version)) return;
  process.execve(own, [own, ...process.execArgv, ...process.argv.slice(1)], process.env);
}
