import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { API_PREFIX } from "./src/domain/contract.ts";

/**
 * react-router's package exports name only its development build; the production build beside it drops the
 * development warnings (0.47 KB gzip of the wall's first visit, whose budget is 100 KB). Should an upgrade
 * move the file, the build says so and uses the exported one.
 */
const reactRouterProduction = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
);
function productionAlias() {
  if (existsSync(reactRouterProduction))
    return [{ find: /^react-router$/, replacement: reactRouterProduction }];
  console.warn(`react-router's production build is not at ${reactRouterProduction}: using its export`);
  return [];
}

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
export default defineConfig(({ command }) => ({
  root: "src/web",
  plugins: [react()],
  // Only the build: the dev server and the tests keep the development build and its warnings.
  resolve: command === "build" ? { alias: productionAlias() } : {},
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
