import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../", import.meta.url));
const biome = join(root, "node_modules", ".bin", "biome");
const run = promisify(execFile);

const forbidden: [string, string][] = [
  ["src/server/db", "../config"],
  ["src/server/db/thoughts", "../../config"],
  ["src/server/db", "../routes/thoughts.routes"],
  ["src/server/db/sqlite", "../../import/run-import"],
  ["src/server/db/thoughts", "../../export/formats"],
  ["src/server/db/postgres", "../../auth/access"],
  ["src/server/db", "../picks/day-thought"],
  ["src/server/db/thoughts", "../../card-image/layout"],
  ["src/server/db", "../security/headers"],
  ["src/server/db/migrations", "../../openapi/document"],
  ["src/server/db", "../app"],
  ["src/server/db/thoughts", "../../../web/api/client"],
];
const allowed: [string, string][] = [
  ["src/server/db", "./target"],
  ["src/server/db/thoughts", "../schema"],
  ["src/server/db", "../../domain/contract"],
  ["src/server/db/thoughts", "../../../domain/contract"],
  ["src/server/db/sqlite", "kysely"],
];

/** Each probe's path: a file in its folder that holds only its import. */
const probes = [...forbidden, ...allowed].map(([folder, specifier], index) => ({
  path: `${folder}/probe-${index}.ts`,
  specifier,
}));

/**
 * The files that Biome refused for the import rule, by path. They are written with the project's Biome
 * configuration in a folder of their own, and linted in one run. Not through `biome lint
 * --stdin-file-path`: Biome's stdin mode prints no diagnostics by design and, in 2.5, exits 1 for a clean
 * file too, so it cannot tell an allowed import from a forbidden one.
 */
let refused: Set<string>;
let scratch: string;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "memoteca-lint-db-"));
  const { $schema: _schema, ...config } = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
  writeFileSync(join(scratch, "biome.json"), JSON.stringify(config));
  for (const { path, specifier } of probes) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(
      join(scratch, path),
      `import { probe } from "${specifier}";\n\nexport const used = probe;\n`,
    );
  }
  const args = ["lint", "--vcs-enabled=false", "--max-diagnostics=none", "src"];
  const output = await run(biome, args, { cwd: scratch }).then(
    ({ stdout, stderr }) => `${stdout}${stderr}`,
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ""}${error.stderr ?? ""}`,
  );
  refused = new Set(
    [...output.matchAll(/^(\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map(
      (match) => match[1] ?? "",
    ),
  );
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("the database package's lint boundary", () => {
  probes.forEach(({ path, specifier }, index) => {
    const forbid = index < forbidden.length;
    it(`${forbid ? "refuses" : "accepts"} ${specifier} in ${dirname(path)}`, () => {
      expect(refused.has(path)).toBe(forbid);
    });
  });
});
