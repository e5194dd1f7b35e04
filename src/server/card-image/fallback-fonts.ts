import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { CardFont } from "./engines";
import { type CodeRange, parseUnicodeRanges } from "./unicode-ranges";

/**
 * The fonts that draw what Roboto Mono lacks: symbols (✓ ★ ♥), Hebrew, Arabic, Chinese and Japanese (one
 * CJK font for both: Noto Sans SC has the kana and nearly every kanji, Noto Sans JP lacks most simplified
 * hanzi, and both would not fit the Docker image's budget), and Korean (Noto Sans KR, for Hangul alone: the
 * ideographs and kana come from the SC font before it). Each package ships its font cut into files by
 * unicode-range (the CJK ones in about a hundred each); only the files that hold a character of the card
 * are read, on the card that first needs them, and kept for the life of the process.
 *
 * The Docker image keeps only the WOFF2 files of these packages (see the Dockerfile), which satori reads.
 */

interface FallbackFace {
  family: string;
  packageName: string;
  /** The package's unicode.json keys (its subsets) that this card uses. */
  subsets: (declared: readonly string[]) => string[];
  file: (subset: string) => string;
  /** Characters its files declare that are left to another face (none when absent). */
  leaves?: readonly CodeRange[];
}

/**
 * Hangul: the SC font declares some eighty syllables of the eleven thousand; a Korean text drawn partly
 * from it would mix two designs. The KR font draws all of them.
 */
const HANGUL: readonly CodeRange[] = [
  [0x1100, 0x11ff],
  [0x3130, 0x318f],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
];

/** The numbered files of a CJK package: its Latin, Cyrillic and Vietnamese ones repeat Roboto Mono's. */
const numbered = (declared: readonly string[]) => declared.filter((subset) => /^\[\d+\]$/.test(subset));

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
    // Not the variable package, though it installs 5 MB where this one installs 76: satori draws a variable
    // font's default outlines, which are its thinnest weight. (The same holds for the KR one below.)
    subsets: numbered,
    file: (subset) => `noto-sans-sc-${subset.slice(1, -1)}-400-normal.woff2`,
    leaves: HANGUL,
  },
  {
    family: "Noto Sans KR",
    packageName: "@fontsource/noto-sans-kr",
    subsets: numbered,
    file: (subset) => `noto-sans-kr-${subset.slice(1, -1)}-400-normal.woff2`,
  },
];

/** One file of a fallback font: a family of its own for satori (see fonts.ts for why). */
export interface FallbackChunk {
  family: string;
  path: string;
  ranges: readonly CodeRange[];
}

const require = createRequire(import.meta.url);

function without(ranges: readonly CodeRange[], left: readonly CodeRange[]): CodeRange[] {
  return ranges.flatMap(([from, to]) => {
    let pieces: CodeRange[] = [[from, to]];
    for (const [cutFrom, cutTo] of left) {
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
          ranges: without(parseUnicodeRanges(unicode[subset] ?? ""), face.leaves ?? []),
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
