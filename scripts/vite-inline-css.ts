import type { Plugin } from "vite";

/**
 * The entry's stylesheet written into index.html as a <style> element instead of a <link>: on a first
 * visit the page can be drawn from the HTML alone, without waiting a round trip for the stylesheet
 * (Lighthouse's mobile run counted 600 ms of render-blocking request for it: bench/results/2026-11-23.md). It is
 * 3 KB compressed. The server allows exactly this element through a hash in its Content-Security-Policy
 * (src/server/security/inline-style-hashes.ts), so no other inline style can run.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: "memoteca-inline-entry-css",
    apply: "build",
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
