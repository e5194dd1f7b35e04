import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { isSupportedNode } from "./node-runtime.mjs";

const runtime = fileURLToPath(new URL("./node-runtime.mjs", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "memoteca-runtime-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A stand-in for the machine's own Node: says it is `version`, and says how it was started. */
function ownNode(version: string): string {
  const file = join(folder, `node-${version}`);
  writeFileSync(
    file,
    `#!/bin/sh\nif [ "$1" = "-p" ]; then echo ${version}; else echo "own node ran: $*"; fi\n`,
  );
  chmodSync(file, 0o755);
  return file;
}

/** Runs a script that calls `call` of node-runtime.mjs, with npm's variable naming `own`. */
function launch(call: string, own?: string) {
  const script = join(folder, `${call}.mjs`);
  writeFileSync(
    script,
    `import { ${call} } from ${JSON.stringify(runtime)};\n${call}();\nconsole.log("stayed on " + process.versions.node);\n`,
  );
  const { npm_node_execpath: _, ...inherited } = process.env;
  const env = own ? { ...inherited, npm_node_execpath: own } : inherited;
  return spawnSync(process.execPath, [script, "--flag"], { env, encoding: "utf8" });
}

describe("the Node.js a command runs on", () => {
  it.each([
    ["22.16.0", true],
    ["22.23.3", true],
    ["24.0.0", true],
    ["24.21.0", true],
    ["26.10.0", true],
    ["20.20.2", false],
    ["22.15.1", false],
    ["23.11.0", false],
    ["25.9.0", false],
  ])("supports %s: %s", (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });

  it("hands over to the machine's own Node when it is supported, with the same arguments", () => {
    const own = ownNode("22.20.0");
    const result = launch("preferOwnNode", own);
    expect(result.stdout).toBe(`own node ran: ${join(folder, "preferOwnNode.mjs")} --flag\n`);
  });

  it("stays on the pinned Node when the machine's own is too old, or when npm names none", () => {
    expect(launch("preferOwnNode", ownNode("20.20.2")).stdout).toBe(`stayed on ${process.versions.node}\n`);
    expect(launch("preferOwnNode").stdout).toBe(`stayed on ${process.versions.node}\n`);
  });

  it("lets a supported Node run, and says in one line which versions are needed otherwise", () => {
    expect(launch("requireSupportedNode").stdout).toBe(`stayed on ${process.versions.node}\n`);
    // An old Node that has to parse and run the check itself: its version is faked, it is still this binary.
    const script = join(folder, "old.mjs");
    writeFileSync(
      script,
      `Object.defineProperty(process, "versions", { value: { ...process.versions, node: "20.20.2" } });\n` +
        `const { requireSupportedNode } = await import(${JSON.stringify(runtime)});\nrequireSupportedNode();\nconsole.log("ran");\n`,
    );
    const result = spawnSync(process.execPath, [script], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toEqual([
      "Memoteca precisa do Node.js 22 (22.16 ou mais novo), 24 ou 26; este é o 20.20.2. Rode npm install (ele instala o Node fixado no projeto) ou instale uma dessas versões.",
    ]);
  });
});
