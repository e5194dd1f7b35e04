import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface WebRoot {
  path: string;
  /** A fingerprinted asset's URL, as Vite names them. */
  asset: string;
  remove(): void;
}

/** A stand-in for dist/web: the page, a file at the root and a fingerprinted asset. */
export function makeWebRoot(): WebRoot {
  const path = mkdtempSync(join(tmpdir(), "memoteca-web-"));
  writeFileSync(join(path, "index.html"), '<!doctype html><title>Memoteca</title><div id="root"></div>');
  writeFileSync(join(path, "robots.txt"), "User-agent: *");
  mkdirSync(join(path, "assets"));
  writeFileSync(join(path, "assets", "index-3f9a1c.js"), "console.log(1)");
  return {
    path,
    asset: "/assets/index-3f9a1c.js",
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}
