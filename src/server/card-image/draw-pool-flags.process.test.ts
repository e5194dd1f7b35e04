import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { loadsTypeScript } from "./draw-pool";

const drawPool = new URL("./draw-pool.ts", import.meta.url).href;
const factory = new URL("../../../test-support/thought-factory.ts", import.meta.url).href;

const root = fileURLToPath(new URL("../../../", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "memoteca-draw-flags-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The first bytes of every PNG file. */
const PNG_SIGNATURE = "89504e470d0a1a0a";

/** Draws one card in a server process started from its sources with `flags`; its PNG's first 8 bytes. */
async function drawWith(flags: string[]): Promise<string> {
  const program = `import { createDrawPool } from ${JSON.stringify(drawPool)};
    import { makeThought } from ${JSON.stringify(factory)};
    const pool = createDrawPool({ size: 1 });
    const png = await pool.render(makeThought({ id: 1, conteudo: "Navegar é preciso" }));
    await pool.close();
    process.stdout.write(png.subarray(0, 8).toString("hex"));`;
  // A file, not -e: the workers inherit the flags, and Node refuses -e's --input-type in a worker.
  const script = join(folder, "draw.mts");
  writeFileSync(script, program);
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, "--import", "tsx", script], {
    cwd: root,
    // Nothing of this process's environment: node is called by its path, and tsx resolved from the root.
    env: {},
  });
  return stdout;
}

describe("the card-drawing pool of a server run from its sources", () => {
  // The benchmarks start it so, with production's V8 flag: its workers answered every card with 500
  // (ERR_WORKER_INVALID_EXEC_ARGV) when they were given that flag again with tsx's loader.
  it("draws with production's --optimize-for-size, its workers inheriting the flags and tsx's loader", async () => {
    expect(await drawWith(["--optimize-for-size"])).toBe(PNG_SIGNATURE);
  });

  it("draws without flags of its own", async () => {
    expect(await drawWith([])).toBe(PNG_SIGNATURE);
  });
});

describe("loadsTypeScript", () => {
  it("knows tsx's loader however it was given", () => {
    expect(loadsTypeScript(["--import", "tsx"])).toBe(true);
    expect(loadsTypeScript(["--import=tsx"])).toBe(true);
    expect(
      loadsTypeScript([
        "--require",
        "/app/node_modules/tsx/dist/preflight.cjs",
        "--import",
        "file:///app/node_modules/tsx/dist/loader.mjs",
      ]),
    ).toBe(true);
    expect(loadsTypeScript(["--optimize-for-size", "--conditions", "tsx-like"])).toBe(false);
    expect(loadsTypeScript([])).toBe(false);
  });
});
