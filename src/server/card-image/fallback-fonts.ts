import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { CardFont } from "./engines";
import { type CodeRange, parseUnicodeRanges } from "./unicode-ranges";

/**
 * The fonts that draw what Roboto Mono lacks: symbols (✓ ★ ♥), Hebrew, Arabic, and Chinese and Japanese
 * (one CJK font for both: Noto Sans SC has the kana and nearly every kanji, Noto Sans JP lacks most
 * simplified hanzi, and both would not fit the Docker image's budget). Each package ships its font cut
 * into files by unicode-range (the CJK one in a hundred); only the files that hold a character of the card
 * are read, on the card that first needs them, and kept for the life of the process. Korean is not among
 * them (another 3.5 MB): its syllables show as a replacement mark, as any character no font has.
 *
 * The Docker image keeps only the WOFF2 files of these packages (see the Dockerfile), which satori reads.
 */

interface FallbackFace {
  family: string;
  packageName: string;
  /** The package's unicode.json keys (its subsets) that this card uses. */
  subsets: (declared: readonly string[]) => string[];
  file: (subset: string) => string;
}

const named =
  (...subsets: string[]) =>
  (declared: readonly string[]) =>
    subsets.filter((subset) => declared.includes(subset));

/**
 * In the order the card looks for a character in them: the symbol fonts before the CJK one, whose files
 * also declare ✓ and ★ (satori takes the first family of the list that has a glyph).
 */
const FACES: readonly FallbackFace[] = [
  {
    family: "Noto Sans Symbols 2",
    packageName: "@fontsource/noto-sans-symbols-2",
    subsets: named("symbols"),
    file: (subset) => `noto-sans-symbols-2-${subset}-400-normal.woff2`,
  },
  {
    family: "Noto Sans Symbols",
    packageName: "@fontsource/noto-sans-symbols",
    subsets: named("symbols"),
    file: (subset) => `noto-sans-symbols-${subset}-400-normal.woff2`,
  },
  {
    family: "Noto Sans Hebrew",
    packageName: "@fontsource/noto-sans-hebrew",
    subsets: named("hebrew"),
    file: (subset) => `noto-sans-hebrew-${subset}-400-normal.woff2`,
  },
  {
    family: "Noto Sans Arabic",
    packageName: "@fontsource/noto-sans-arabic",
    subsets: named("arabic"),
    file: (subset) => `noto-sans-arabic-${subset}-400-normal.woff2`,
  },
  {
    family: "Noto Sans SC",
    packageName: "@fontsource/noto-sans-sc",
    // Its numbered files are the CJK ones; its Latin, Cyrillic and Vietnamese ones repeat what Roboto Mono has.
    // (Not the variable package, though it installs 5 MB where this one installs 76: satori draws a variable
    // font's default outlines, which are its thinnest weight.)
    subsets: (declared) => declared.filter((subset) => /^\[\d+\]$/.test(subset)),
    file: (subset) => `noto-sans-sc-${subset.slice(1, -1)}-400-normal.woff2`,
  },
];

/**
 * Hangul: the CJK font declares some eighty syllables of the eleven thousand. Drawing those and a
 * replacement mark for the rest would make a Korean text a patchwork; all of it shows as replacement marks.
 */
const NOT_FROM_FALLBACK: readonly CodeRange[] = [
  [0x1100, 0x11ff],
  [0x3130, 0x318f],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
];

/** One file of a fallback font: a family of its own for satori (see fonts.ts for why). */
export interface FallbackChunk {
  family: string;
  path: string;
  ranges: readonly CodeRange[];
}

const require = createRequire(import.meta.url);

function withoutExcluded(ranges: readonly CodeRange[]): CodeRange[] {
  return ranges.flatMap(([from, to]) => {
    let pieces: CodeRange[] = [[from, to]];
    for (const [cutFrom, cutTo] of NOT_FROM_FALLBACK) {
      pieces = pieces.flatMap(([a, b]): CodeRange[] =>
        b < cutFrom || a > cutTo
          ? [[a, b]]
          : [
              ...(a < cutFrom ? [[a, cutFrom - 1] as const] : []),
              ...(b > cutTo ? [[cutTo + 1, b] as const] : []),
            ],
      );
    }
    return pieces;
  });
}

/** Every fallback file with the ranges it declares, in the order the card looks for a character in them. */
export async function fallbackChunks(): Promise<FallbackChunk[]> {
  const faces = await Promise.all(
    FACES.map(async (face) => {
      const unicode = JSON.parse(
        await readFile(require.resolve(`${face.packageName}/unicode.json`), "utf8"),
      ) as Record<string, string>;
      return face.subsets(Object.keys(unicode)).map(
        (subset): FallbackChunk => ({
          family: `${face.family} ${subset}`,
          path: `${face.packageName}/files/${face.file(subset)}`,
          ranges: withoutExcluded(parseUnicodeRanges(unicode[subset] ?? "")),
        }),
      );
    }),
  );
  return faces.flat();
}

const loaded = new Map<string, Promise<CardFont>>();

/** A fallback file as a satori font: read once, kept; a failed read is tried again on the next card. */
export function loadChunk(chunk: FallbackChunk): Promise<CardFont> {
  let font = loaded.get(chunk.path);
  if (!font) {
    font = readFile(require.resolve(chunk.path)).then(
      (data): CardFont => ({ name: chunk.family, data, weight: 400, style: "normal" }),
      (error: unknown) => {
        loaded.delete(chunk.path);
        throw error;
      },
    );
    loaded.set(chunk.path, font);
  }
  return font;
}
