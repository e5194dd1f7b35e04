import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import type { Plugin } from "vite";

const SOURCE = fileURLToPath(new URL("../src/web/ssr/early-taps.ts", import.meta.url));

/**
 * src/web/ssr/early-taps.ts written into index.html's head as an inline <script>: it must listen from the
 * first paint of the server's HTML, before any file arrives (a <script src> would be a request more, and
 * Vite folds every module script of index.html into the app's own entry, which is what it waits for). It is
 * some 300 bytes once minified. The server allows exactly this element through a hash in its
 * Content-Security-Policy (src/server/security/inline-hashes.ts), so no other inline script can run.
 */
export function inlineEarlyTaps(): Plugin {
  return {
    name: "memoteca-inline-early-taps",
    apply: "build",
    async transformIndexHtml() {
      const { code } = await transform(readFileSync(SOURCE, "utf8"), {
        loader: "ts",
        format: "iife",
        minify: true,
        target: "es2022",
      });
      if (/<\/script/i.test(code)) throw new Error(`${SOURCE} holds "</script": it cannot be inlined`);
      return [{ tag: "script", children: code.trim(), injectTo: "head-prepend" }];
    },
  };
}
