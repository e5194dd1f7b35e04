import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { API_PREFIX } from "./src/domain/contract.ts";

// The web app lives in src/web and is built into dist/web, which the Fastify server serves.
export default defineConfig({
  root: "src/web",
  plugins: [react()],
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
});
