import type { Plugin } from "vite";

/**
 * `font-display: optional` instead of Fontsource's `swap`: a web font that is not there at once is used
 * from the next page on (it is cached by then) instead of swapping in and moving the text the user reads.
 * The fonts are not preloaded: on a slow first visit they would take bandwidth from the page and its
 * stylesheet, delaying the first cards by about half a second in Lighthouse's mobile run (see
 * bench/results/2026-11-22.md), for text that the system's font draws as well.
 */
export function fontDisplayOptional(): Plugin {
  return {
    name: "memoteca-font-display-optional",
    enforce: "pre",
    transform(code, id) {
      if (!id.includes("@fontsource") || !id.endsWith(".css")) return null;
      return { code: code.replace(/font-display:\s*swap/g, "font-display: optional"), map: null };
    },
  };
}
