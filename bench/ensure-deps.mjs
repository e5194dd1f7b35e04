// `npm run bench` runs this before the benchmarks. What only they need (Lighthouse and chrome-launcher, about
// 110 packages) is a package of its own, bench/package.json, so that installing the app does not fetch it:
// it is installed here, on the first run and again whenever bench/package-lock.json has changed since (a hash
// of the lockfile is kept in bench/node_modules). Node finds those packages in bench/node_modules because the
// files that import them live in bench/; everything else still comes from the root's node_modules.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const bench = fileURLToPath(new URL(".", import.meta.url));
const stamp = join(bench, "node_modules", ".memoteca-lock-sha256");
const wanted = createHash("sha256")
  .update(readFileSync(join(bench, "package-lock.json")))
  .digest("hex");
const installed = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : undefined;

if (installed !== wanted) {
  // Lighthouse asks for Node 22.19 or later: npm warns about it under an older Node, and the benchmark runs
  // Lighthouse under Node 24 (bench/lighthouse.ts), so the warning is expected.
  console.log(
    `${installed ? "bench/package-lock.json changed" : "bench/node_modules is missing"}: installing the benchmarks' own dependencies (npm ci --prefix bench)`,
  );
  const result = spawnSync("npm", ["ci", "--prefix", bench, "--no-audit", "--no-fund"], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`npm ci --prefix bench failed (${result.error?.message ?? `exit ${result.status}`})`);
    process.exit(result.status || 1);
  }
  writeFileSync(stamp, `${wanted}\n`);
}
