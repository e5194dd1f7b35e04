import { describe, expect, it } from "vitest";
import { dropFromPreloadLists } from "./vite-preload-lists";

// The shape Vite 8 writes into a chunk that imports others on demand.
const chunk = [
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/index-X.css","assets/b.js","assets/b.css"])))=>i.map(i=>d[i]);',
  "const a=()=>e(()=>import(`./a.js`),__vite__mapDeps([0,1]));",
  "const b=()=>e(()=>import(`./b.js`),__vite__mapDeps([2,0,1,3]));",
].join("");

describe("dropFromPreloadLists", () => {
  it("drops the file from the list and renumbers every import's positions", () => {
    const out = dropFromPreloadLists(chunk, new Set(["assets/index-X.css"]));
    expect(out).toContain('m.f=["assets/a.js","assets/b.js","assets/b.css"]');
    expect(out).toContain("import(`./a.js`),__vite__mapDeps([0])");
    expect(out).toContain("import(`./b.js`),__vite__mapDeps([1,0,2])");
    expect(out).not.toContain("index-X.css");
  });

  it("leaves a chunk alone when the file is not in its list, or it has none", () => {
    expect(dropFromPreloadLists(chunk, new Set(["assets/other.css"]))).toBe(chunk);
    expect(dropFromPreloadLists("export const x = 1;", new Set(["assets/index-X.css"]))).toBe(
      "export const x = 1;",
    );
  });
});
