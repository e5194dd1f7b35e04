import { dirname } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { restrictedImports } from "../test-support/lint-probes";

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

/** The probes' paths that Biome refused for the import rule, in one run (see restrictedImports). */
let refused = new Set<string>();
beforeAll(() => {
  refused = restrictedImports(probes.map(({ path, specifier }) => ({ path, from: specifier })));
});

describe("the database package's lint boundary", () => {
  probes.forEach(({ path, specifier }, index) => {
    const forbid = index < forbidden.length;
    it(`${forbid ? "refuses" : "accepts"} ${specifier} in ${dirname(path)}`, () => {
      expect(refused.has(path)).toBe(forbid);
    });
  });
});
