import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { CardFont } from "./engines";
import { indexRanges, parseUnicodeRanges } from "./unicode-ranges";

/**
 * The fonts of the shared card, read from the @fontsource packages (runtime dependencies for this reason).
 * They are resolved from this module's own place, so the same code finds them in the repository (src/server,
 * run by tsx or vitest), in the bundle (dist/server, next to node_modules) and in the Docker image, where
 * /app/node_modules is the pruned production install, which keeps only the packages' WOFF2 files (satori
 * reads them; see the Dockerfile). What these fonts lack comes from the fallback fonts (fallback-fonts.ts).
 */

/**
 * Roboto Mono's subsets, in the order a character is looked for: Latin first (Portuguese, every accent),
 * then the others, so a name in Polish, Russian, Greek or Vietnamese still shows. Each file is 12–20 KB.
 */
const CARD_SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "vietnamese"] as const;
const CARD_WEIGHTS = [400, 700] as const;

/**
 * The card's text face, as on the wall (every subset is monospace with one advance, see text-fit.ts), as a
 * CSS font-family list. Each subset is a family of its own for satori, which draws a character with the
 * first family of the list that has it: under one shared name it takes the first file alone, and draws a
 * box for every Greek letter.
 */
export const CARD_FONT = CARD_SUBSETS.map((subset) => `"Roboto Mono ${subset}"`).join(", ");
/** The face of the 'MEMOTECA' mark, as in the web app's logo. */
export const MARK_FONT = "Inter";

export interface CardFonts {
  /** For satori: one array for the life of the process, which lets satori keep its parsed fonts. */
  fonts: CardFont[];
  /** Whether the card's face draws this code point (the union of the loaded subsets' ranges). */
  covers: (codePoint: number) => boolean;
}

const require = createRequire(import.meta.url);

const readPackageFile = (file: string) => readFile(require.resolve(file));

async function load(): Promise<CardFonts> {
  const unicode = JSON.parse(
    (await readPackageFile("@fontsource/roboto-mono/unicode.json")).toString("utf8"),
  ) as Record<string, string>;
  const covered = indexRanges([
    { owner: true, ranges: CARD_SUBSETS.flatMap((subset) => parseUnicodeRanges(unicode[subset] ?? "")) },
  ]);
  const card = CARD_SUBSETS.flatMap((subset) =>
    CARD_WEIGHTS.map(
      async (weight): Promise<CardFont> => ({
        name: `Roboto Mono ${subset}`,
        data: await readPackageFile(
          `@fontsource/roboto-mono/files/roboto-mono-${subset}-${weight}-normal.woff2`,
        ),
        weight,
        style: "normal",
      }),
    ),
  );
  const mark = (async (): Promise<CardFont> => ({
    name: MARK_FONT,
    data: await readPackageFile("@fontsource/inter/files/inter-latin-700-normal.woff2"),
    weight: 700,
    style: "normal",
  }))();
  return {
    fonts: await Promise.all([...card, mark]),
    covers: (codePoint) => covered(codePoint).length > 0,
  };
}

let loading: Promise<CardFonts> | undefined;

/** Read once, on the first card asked for (never at start-up); a failed read is tried again next time. */
export function cardFonts(): Promise<CardFonts> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
