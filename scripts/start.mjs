#!/usr/bin/env node
// `npm start`: the compiled server under plain node, building first only when dist/ is missing or was built
// from other sources. An up-to-date start costs one hash of the sources (about 10 ms) before the server loads.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildState, SERVER_ENTRY } from "./build-inputs.mjs";
import { preferOwnNode, requireSupportedNode } from "./node-runtime.mjs";

preferOwnNode();
requireSupportedNode();

const root = fileURLToPath(new URL("../", import.meta.url));
const state = buildState(root);

/** A production install (`npm prune --omit=dev`) has no build tools, and must not try to build. */
function hasBuildTools() {
  try {
    import.meta.resolve("vite");
    import.meta.resolve("esbuild");
    return true;
  } catch {
    return false;
  }
}

if (state !== "fresh") {
  if (!hasBuildTools()) {
    const what =
      state === "missing"
        ? `não há build completo em dist/ (${SERVER_ENTRY})`
        : "o build em dist/ foi feito de outra versão do código-fonte";
    console.error(
      [
        `Memoteca não pode iniciar: ${what}, e as ferramentas de build (dependências de desenvolvimento) não estão instaladas.`,
        "Para compilar:  npm ci && npm run build && npm prune --omit=dev",
        ...(state === "stale" ? [`Para iniciar o build existente assim mesmo:  node ${SERVER_ENTRY}`] : []),
      ].join("\n"),
    );
    process.exit(1);
  }
  console.log(
    state === "missing"
      ? "Memoteca ainda não foi compilada: compilando (npm run build)…"
      : "O código mudou desde o último build: compilando de novo (npm run build)…",
  );
  const build = spawnSync(process.execPath, [join(root, "scripts/build.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) {
    console.error("Memoteca não pode iniciar: o build falhou (veja as mensagens acima).");
    process.exit(1);
  }
}

await import(pathToFileURL(join(root, SERVER_ENTRY)).href);
