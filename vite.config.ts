import { createHash } from "node:crypto";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { compileHints } from "./scripts/vite-compile-hints.ts";
import { inlineEarlyTaps } from "./scripts/vite-early-taps.ts";
import { fontDisplayOptional } from "./scripts/vite-font-display.ts";
import { inlineEntryCss } from "./scripts/vite-inline-css.ts";
import { pureRouterComponents } from "./scripts/vite-pure-router.ts";
import { dropRouterInvariantMessages } from "./scripts/vite-router-invariants.ts";
import { API_PREFIX } from "./src/domain/contract.ts";

const repository = fileURLToPath(new URL(".", import.meta.url));

/**
 * A CSS module's class names: the name and four characters from its file's path (`card_x3Fq`), shorter
 * than Vite's default (`_card_ljvza_1`). Every name is also written in the first visit's JavaScript, whose
 * budget is tight: 0.2 KB gzip less. Derived from the path alone, the names are the same in the browser's
 * build and the server render's, on any machine.
 */
function scopedClassName(name: string, file: string): string {
  const path = relative(repository, file.split("?")[0] ?? file);
  return `${name}_${createHash("sha256").update(path).digest("base64url").slice(0, 4)}`;
}

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
// The server-render build (see scripts/build.mjs) shares this configuration but not the service worker.
export default defineConfig(({ isSsrBuild }) => ({
  root: "src/web",
  plugins: [
    react(),
    pureRouterComponents(),
    dropRouterInvariantMessages(),
    fontDisplayOptional(),
    inlineEntryCss(),
    inlineEarlyTaps(),
    compileHints(),
    // Our own service worker (src/sw), given the list of built files to precache. The manifest is a file of
    // its own in public/, and src/web/offline registers the worker after the page has loaded.
    isSsrBuild
      ? null
      : VitePWA({
          strategies: "injectManifest",
          srcDir: "../sw",
          filename: "service-worker.ts",
          injectRegister: false,
          manifest: false,
          injectManifest: {
            // woff2 only: every browser that runs a service worker reads it, so the .woff copies would be dead weight.
            globPatterns: ["**/*.{js,css,html,woff2,png,svg,webmanifest}"],
          },
        }),
  ],
  css: { modules: { generateScopedName: scopedClassName } },
  build: {
    // Every browser we target supports <link rel="modulepreload">; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    outDir: "../../dist/web",
    emptyOutDir: true,
    // Inlining fonts as data: URLs would bloat the CSS budget; keep every asset a file.
    assetsInlineLimit: 0,
  },
  server: {
    host: "127.0.0.1",
    port: 5173,
    // `npm run dev` serves the web app here and the API on the port `npm start` uses.
    proxy: { [API_PREFIX]: "http://127.0.0.1:3000" },
  },
}));
