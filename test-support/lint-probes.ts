import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** A module of one import, at `path` (relative, in the tree's layout), importing `from`. */
export interface LintProbe {
  path: string;
  from: string;
}

/**
 * The probes' paths that Biome refuses for an import rule (`lint/style/noRestrictedImports`), under the
 * project's own biome.json. The probes are written into a folder of their own with a copy of that
 * configuration and linted in one run: written into the working tree they would show up in everyone
 * else's `npm run lint`, and `biome lint --stdin-file-path` cannot tell them apart (in Biome 2.5 it prints
 * no lint diagnostics and exits 1 even for a clean file). Paths must be distinct.
 */
export function restrictedImports(probes: readonly LintProbe[]): Set<string> {
  const scratch = mkdtempSync(join(tmpdir(), "memoteca-lint-probes-"));
  try {
    const { $schema: _schema, ...config } = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
    writeFileSync(join(scratch, "biome.json"), JSON.stringify({ ...config, vcs: { enabled: false } }));
    for (const { path, from } of probes) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), `import * as probe from "${from}";\n\nexport const used = probe;\n`);
    }
    const biome = spawnSync(
      process.execPath,
      [
        join(root, "node_modules/@biomejs/biome/bin/biome"),
        "lint",
        "--reporter=json",
        "--max-diagnostics=none",
      ],
      { cwd: scratch, encoding: "utf8" },
    );
    // Biome exits 1 when it finds anything; only a report it could not write is a failure here.
    if (!biome.stdout) throw new Error(`Biome wrote no report (exit ${biome.status}): ${biome.stderr}`);
    const report: { diagnostics: { category: string; location: { path: string } }[] } = JSON.parse(
      biome.stdout,
    );
    return new Set(
      report.diagnostics
        .filter(({ category }) => category === "lint/style/noRestrictedImports")
        .map(({ location }) => location.path),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
