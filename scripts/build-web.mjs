// The web app's build: the browser's bundle (Vite), the wall's server render beside it, and the compressed
// copies of the text files. Used by `npm run build` (into dist/) and by the web bench (into its own folder).
import { join } from "node:path";
import { build } from "vite";
import { precompress } from "./precompress.mjs";

/** Builds into `<dist>/web` and `<dist>/ssr`; the server finds the render bundle beside the web root. */
export async function buildWebApp(root, dist, { logLevel = "info" } = {}) {
  const configFile = join(root, "vite.config.ts");
  await build({ configFile, logLevel, build: { outDir: join(dist, "web"), emptyOutDir: true } });
  // The same components, built for Node with every package inside, so that a production install without
  // the web's packages can still render the wall.
  await build({
    configFile,
    logLevel: "warn",
    build: {
      ssr: join(root, "src/web/ssr/entry-server.tsx"),
      outDir: join(dist, "ssr"),
      emptyOutDir: true,
      copyPublicDir: false,
      // Smaller to read and parse at the first page the server renders.
      minify: true,
      sourcemap: true,
    },
    ssr: { noExternal: true },
    // React in production mode whatever NODE_ENV the server starts with (nothing sets it for `npm start`):
    // the bundle otherwise keeps React's runtime checks, and its development build rendered the wall in
    // 11-17 ms where the production build takes 3-4 ms.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  });
  return precompress(join(dist, "web"));
}
