import { basename, dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { restrictedImports } from "../test-support/lint-probes";

/** A module of one import, placed at `file` in a copy of the tree's layout. */
interface Probe {
  file: string;
  from: string;
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
};

/** Each probe's file sits in the folder its case names, under a name of its own, so one run checks them all. */
const probes = [...Object.values(forbidden), ...Object.values(allowed)];
const placed = (probe: Probe) => {
  const at = probes.indexOf(probe);
  return join(dirname(probe.file), `probe${at}-${basename(probe.file)}`);
};

let restricted = new Set<string>();
beforeAll(() => {
  restricted = restrictedImports(probes.map((probe) => ({ path: placed(probe), from: probe.from })));
});

const restrictedIn = (probe: Probe) => restricted.has(placed(probe));

describe("the import boundaries fail lint", () => {
  it.each(Object.entries(forbidden))("%s", (_, probe) => {
    expect(restrictedIn(probe)).toBe(true);
  });
});

describe("the imports within the boundaries pass lint", () => {
  it.each(Object.entries(allowed))("%s", (_, probe) => {
    expect(restrictedIn(probe)).toBe(false);
  });
});
