// Runs a command of scripts/ (`npm run password`, `export`, `backup`, `import`): the copy `npm run build`
// compiled into dist/server when it was built from the current sources (it starts in under a second, where
// compiling the TypeScript through tsx takes three), else the TypeScript source through tsx where the
// development tools are installed. A production install has only the compiled copy, and the container
// image not even the sources.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { preferOwnNode, requireSupportedNode } from "./node-runtime.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));

async function tsxLoader() {
  try {
    return await import("tsx/esm/api");
  } catch (error) {
    if (error?.code === "ERR_MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}

/** Whether dist/ is a build of the checkout's current sources (build-inputs.mjs is beside them). */
async function builtFromSources() {
  const { buildState } = await import("./build-inputs.mjs");
  return buildState(root) === "fresh";
}

/** `name`: scripts/<name>.ts, compiled to dist/server/<name>.js. */
export async function runScript(name) {
  preferOwnNode();
  requireSupportedNode();
  const compiled = join(root, `dist/server/${name}.js`);
  const source = join(root, `scripts/${name}.ts`);
  if (existsSync(compiled) && (!existsSync(source) || (await builtFromSources()))) {
    await import(pathToFileURL(compiled).href);
    return;
  }
  const tsx = await tsxLoader();
  if (tsx) {
    tsx.register();
    await import(pathToFileURL(source).href);
  } else if (existsSync(compiled)) {
    await import(pathToFileURL(compiled).href);
  } else {
    console.error(
      `npm run ${name} precisa do build: rode  npm ci && npm run build  (e depois, se quiser, npm prune --omit=dev).`,
    );
    process.exit(1);
  }
}
