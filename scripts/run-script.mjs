// Runs a command of scripts/ (`npm run password`, `export`, `backup`): its TypeScript source through tsx where the
// development tools are installed, else the copy `npm run build` compiled into dist/server, which is all a
// production install has.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

async function tsxLoader() {
  try {
    return await import("tsx/esm/api");
  } catch (error) {
    if (error?.code === "ERR_MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}

/** `name`: scripts/<name>.ts, compiled to dist/server/<name>.js. */
export async function runScript(name) {
  const compiled = join(root, `dist/server/${name}.js`);
  const tsx = await tsxLoader();
  if (tsx) {
    tsx.register();
    await import(pathToFileURL(join(root, `scripts/${name}.ts`)).href);
  } else if (existsSync(compiled)) {
    await import(pathToFileURL(compiled).href);
  } else {
    console.error(
      `npm run ${name} precisa do build: rode  npm ci && npm run build  (e depois, se quiser, npm prune --omit=dev).`,
    );
    process.exit(1);
  }
}
