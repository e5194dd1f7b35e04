import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../", import.meta.url));

/** A module of one import, placed at `file` in a copy of the tree's layout: of `name`, or of the whole module. */
interface Probe {
  file: string;
  from: string;
  name?: string;
}

const forbidden: Record<string, Probe> = {
  "a feature in a folder no list names imports another feature": {
    file: "src/web/new-feature/x.tsx",
    from: "../wall/WallPage",
  },
  "a feature imports the app's layout": { file: "src/web/new-feature/x.tsx", from: "../layout/Shell" },
  "a feature imports the app's router": { file: "src/web/new-feature/x.tsx", from: "../router" },
  "product code imports test support": { file: "src/web/new-feature/x.tsx", from: "../testing/render-app" },
  "shared code imports a feature": { file: "src/web/ui/x.tsx", from: "../wall/WallPage" },
  "shared code in a nested folder imports a feature": {
    file: "src/web/ui/card/x.tsx",
    from: "../../wall/WallPage",
  },
  "shared code imports the app": { file: "src/web/routing/x.ts", from: "../router" },
  "the service worker imports the web": { file: "src/sw/x.ts", from: "../web/offline/worker-registration" },
  "the service worker imports the server": { file: "src/sw/x.ts", from: "../server/app" },
  "a feature draws React Router's Link": {
    file: "src/web/new-feature/x.tsx",
    from: "react-router",
    name: "Link",
  },
  "shared code draws React Router's NavLink": {
    file: "src/web/ui/card/x.tsx",
    from: "react-router",
    name: "NavLink",
  },
  "the layout draws React Router's Link": {
    file: "src/web/layout/x.tsx",
    from: "react-router",
    name: "Link",
  },
};

const allowed: Record<string, Probe> = {
  "a feature imports shared code": { file: "src/web/new-feature/x.tsx", from: "../ui/ModalDialog" },
  "a feature imports the API layer": { file: "src/web/new-feature/x.tsx", from: "../api/use-thought" },
  "a feature imports the paths": { file: "src/web/new-feature/x.tsx", from: "../paths" },
  "a feature imports the domain": { file: "src/web/new-feature/x.tsx", from: "../../domain/contract" },
  "a feature imports its own modules": { file: "src/web/new-feature/x.tsx", from: "./y" },
  "shared code in a nested folder imports the domain": {
    file: "src/web/ui/card/x.tsx",
    from: "../../../domain/rules",
  },
  "the app's layout imports a feature": { file: "src/web/layout/x.tsx", from: "../wall/WallPage" },
  "a feature's test imports test support": {
    file: "src/web/new-feature/x.test.tsx",
    from: "../testing/render-app",
  },
  "the service worker imports the domain": { file: "src/sw/x.ts", from: "../domain/offline-contract" },
  "the service worker imports a library": { file: "src/sw/x.ts", from: "workbox-routing" },
  "a feature uses React Router's hooks": {
    file: "src/web/new-feature/x.tsx",
    from: "react-router",
    name: "useNavigate",
  },
  "a feature draws the app's own Link": {
    file: "src/web/new-feature/x.tsx",
    from: "../routing/Link",
    name: "Link",
  },
};

/**
 * Biome on a tree of its own with the project's own rules: `--stdin-file-path` prints no lint diagnostics,
 * and probes written into the working tree would show up in everyone else's `npm run lint`. Each probe's
 * file sits in the folder its case names, under a name of its own, so one run of Biome checks them all.
 */
let scratch: string;
let restricted: string[] = [];

const probes = [...Object.values(forbidden), ...Object.values(allowed)];
const placed = (probe: Probe) => {
  const at = probes.indexOf(probe);
  return join(dirname(probe.file), `probe${at}-${basename(probe.file)}`);
};

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "memoteca-lint-boundaries-"));
  const config = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(scratch, "biome.json"), JSON.stringify(config));
  for (const probe of probes) {
    const file = join(scratch, placed(probe));
    mkdirSync(dirname(file), { recursive: true });
    const imported = probe.name ? `{ ${probe.name} as probe }` : "* as probe";
    writeFileSync(file, `import ${imported} from "${probe.from}";\n\nexport const used = probe;\n`);
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
  const report: { diagnostics: { category: string; location: { path: string } }[] } = JSON.parse(
    biome.stdout,
  );
  restricted = report.diagnostics
    .filter(({ category }) => category === "lint/style/noRestrictedImports")
    .map(({ location }) => location.path);
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const restrictedIn = (probe: Probe) => restricted.filter((path) => path === placed(probe));

describe("the import boundaries fail lint", () => {
  it.each(Object.entries(forbidden))("%s", (_, probe) => {
    expect(restrictedIn(probe)).toHaveLength(1);
  });
});

describe("the imports within the boundaries pass lint", () => {
  it.each(Object.entries(allowed))("%s", (_, probe) => {
    expect(restrictedIn(probe)).toEqual([]);
  });
});
