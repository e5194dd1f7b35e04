import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Test support: the installed React Router's modules, as the browser's build reads them. */
export function routerModules(): string[] {
  const folder = dirname(fileURLToPath(import.meta.resolve("react-router")));
  return readdirSync(folder)
    .filter((name) => name.endsWith(".mjs"))
    .map((name) => readFileSync(join(folder, name), "utf8"));
}
