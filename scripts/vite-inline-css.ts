import type { Plugin } from "vite";
import { dropFromPreloadLists } from "./vite-preload-lists.ts";

/**
 * The entry's stylesheet written into index.html as a <style> element instead of a <link>: on a first
 * visit the page can be drawn from the HTML alone, without waiting a round trip for the stylesheet
 * (Lighthouse's mobile run counted 600 ms of render-blocking request for it: bench/results/2026-11-23.md). It is
 * 3 KB compressed. The server allows exactly this element through a hash in its Content-Security-Policy
 * (src/server/security/inline-hashes.ts), so no other inline style can run.
 *
 * The chunks loaded on demand are told it is there: Vite lists the entry's stylesheet among the files to load
 * with any chunk that imports from the entry (vite-preload-lists.ts), and the page, finding no <link> for it,
 * would fetch it, restyle every element and ask for the fonts again.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: "memoteca-inline-entry-css",
    apply: "build",
    generateBundle: {
      // After Vite's own, which writes the lists.
      order: "post",
      handler(_options, bundle) {
        const inlined = new Set<string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === "chunk" && chunk.isEntry) {
            for (const css of chunk.viteMetadata?.importedCss ?? []) inlined.add(css);
          }
        }
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === "chunk") chunk.code = dropFromPreloadLists(chunk.code, inlined);
        }
      },
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (link, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== "asset") return link;
            const css = String(asset.source);
            if (/<\/style/i.test(css)) throw new Error(`${fileName} holds "</style": it cannot be inlined`);
            return `<style>${css}</style>`;
          },
        );
      },
    },
  };
}
