import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const webRoot = fileURLToPath(new URL("../src/web/", import.meta.url));

/** Every style sheet of the web app, as written, by its path under src/web. */
function styleSheets(dir = webRoot): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return styleSheets(path);
    return entry.name.endsWith(".css") ? [[relative(webRoot, path), readFileSync(path, "utf8")]] : [];
  });
}

/**
 * The selectors with `:hover` that a touch screen would apply, and keep, after a tap: every one not
 * inside a `@media (hover: hover)` block. A plain reading of the CSS: comments dropped, then each
 * selector taken with the at-rules it sits in.
 */
function unguardedHovers(css: string): string[] {
  const found: string[] = [];
  const context: string[] = [];
  let text = "";
  for (const char of css.replace(/\/\*[\s\S]*?\*\//g, "")) {
    if (char === "{") {
      const prelude = text.trim();
      if (prelude.includes(":hover") && !context.some((rule) => /^@media[^{]*\(hover:\s*hover\)/.test(rule)))
        found.push(prelude);
      context.push(prelude);
      text = "";
    } else if (char === "}") {
      context.pop();
      text = "";
    } else if (char === ";") {
      text = "";
    } else {
      text += char;
    }
  }
  return found;
}

describe("the web app's hover styles", () => {
  it("finds a bare :hover and lets one inside @media (hover: hover) pass", () => {
    const css = `.a:hover { color: red; }
      @media (hover: hover) { .b:hover { color: red; } }
      @media (max-width: 40rem) { .c:hover { color: red; } }`;
    expect(unguardedHovers(css)).toEqual([".a:hover", ".c:hover"]);
  });

  it("apply only where a pointer hovers: a tap on a touch screen leaves no effect behind", () => {
    const sheets = styleSheets();
    // The style sheets were found: a wrong folder would give none, and so nothing to complain about.
    expect(sheets.map(([file]) => file)).toContain("ui/buttons.module.css");
    const offenders = sheets.flatMap(([file, css]) =>
      unguardedHovers(css).map((selector) => `${file}: ${selector}`),
    );
    expect(offenders).toEqual([]);
  });
});
