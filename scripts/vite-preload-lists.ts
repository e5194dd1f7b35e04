/**
 * Vite writes, into each chunk that imports another on demand, the files to load with it:
 * `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/a.css"])))=>i.map(i=>d[i]);`
 * and, at each import, `__vite__mapDeps([0,1])`. This drops `files` from that list and renumbers the rest.
 * Vite counts every chunk the imported one needs, the entry included: it cannot know that the entry's
 * stylesheet is already on the page, inlined (vite-inline-css.ts), and the page would fetch it again.
 */
export function dropFromPreloadLists(code: string, files: ReadonlySet<string>): string {
  const list = /m\.f=(\[[^\]]*\])/.exec(code);
  if (!list?.[1]) return code;
  const names: string[] = JSON.parse(list[1]);
  const kept = names.filter((name) => !files.has(name));
  if (kept.length === names.length) return code;
  // Each old position's new one, or -1 for a file dropped.
  const moved = names.map((name) => kept.indexOf(name));
  return code
    .replace(list[0], `m.f=${JSON.stringify(kept)}`)
    .replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_call, positions: string) => {
      const renumbered = positions
        .split(",")
        .filter(Boolean)
        .map((position) => moved[Number(position)] ?? -1)
        .filter((position) => position >= 0);
      return `__vite__mapDeps([${renumbered.join(",")}])`;
    });
}
