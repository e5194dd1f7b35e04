import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy source of each inline <style> or <script> element of a page (written exactly
 * `<style>` or `<script>`, with no attribute): 'sha256-…' of its exact text. The build writes the entry's
 * stylesheet (scripts/vite-inline-css.ts) and the few lines that keep early taps (scripts/vite-early-taps.ts)
 * into index.html, so that a first visit draws, and listens, without waiting for a file; the policy allows
 * those bytes and no other inline style or script. A JSON block (`<script type="application/json">`) is
 * data, which the policy does not govern.
 */
export function inlineHashes(html: string, element: "style" | "script"): string[] {
  return [...html.matchAll(new RegExp(`<${element}>([\\s\\S]*?)</${element}>`, "g"))].map(
    ([, text = ""]) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`,
  );
}
