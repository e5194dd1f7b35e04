import type { Plugin } from "vite";

/**
 * V8's explicit compile hint (Chromium 136 and later): a file that opens with this comment has every function
 * compiled on the background thread that streams it, instead of each one on the main thread the first time it
 * is called. Other engines read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** `code` opening with the hint, once. */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}${code}`;
}

/**
 * The hint on the entry chunk of the browser's build: the code every first input runs (React's event
 * dispatch, the router, the wall's handlers) is compiled before it is needed. Without it, a page's first
 * input paid for compiling what it called: `n` on the wall spent 18–41 ms of its keydown (at 4x CPU) in
 * V8.CompileCode, and its worst went from 72 ms to 24 (bench/results/2026-11-29-afternoon.md). The chunks
 * loaded on demand keep V8's lazy compilation: most of their functions may never run on a visit.
 */
export function compileHints(): Plugin {
  return {
    name: "memoteca-compile-hints",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    generateBundle: {
      // After every other plugin's, Vite's included, which writes the preload lists at the top of the chunk:
      // the hint must be the file's first line.
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === "chunk" && chunk.isEntry) chunk.code = withCompileHint(chunk.code);
        }
      },
    },
  };
}
