import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// react-router's package exports only name its development build; the production one drops dev-only checks.
const reactRouterProduction = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
export default defineConfig(({ command }) => ({
  root: "src/web",
  plugins: [react()],
  resolve:
    command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
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
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
}));
