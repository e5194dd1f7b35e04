import { describe, expect, it } from "vitest";
import { COMPILE_HINT, withCompileHint } from "./vite-compile-hints";

describe("withCompileHint", () => {
  it("puts V8's hint on the file's first line, before Vite's preload lists", () => {
    const code = "const __vite__mapDeps=(i)=>i;export const x=1;";
    const hinted = withCompileHint(code);
    expect(hinted.split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(hinted.slice(COMPILE_HINT.length)).toBe(code);
  });

  it("adds it once", () => {
    const once = withCompileHint("export const x=1;");
    expect(withCompileHint(once)).toBe(once);
  });
});
