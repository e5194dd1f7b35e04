import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy source of each <style> element of a page: 'sha256-…' of its exact text. The
 * build writes the entry's stylesheet into index.html (scripts/vite-inline-css.ts) so that a first visit
 * draws without waiting for it; the policy allows those bytes and no other inline style.
 */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css = ""]) => `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`,
  );
}
