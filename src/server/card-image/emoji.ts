import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { engines } from "./engines";

/**
 * Emoji as Twemoji's pictures (the @twemoji/svg package: one SVG per emoji, 3,700 of them, 8 MB), drawn by
 * satori as images the size of the text. A picture is read on the first card that shows it, turned into a
 * PNG, and kept: resvg draws an SVG image inside the card's SVG in some 25 ms (it prepares a whole SVG
 * document for each), a PNG one in a fraction of that, and a long text of distinct emoji holds 360 of them.
 *
 * Twemoji names a file by the emoji's code points in lower-case hex joined by '-' ("1f44b-1f3fd" for a
 * waving hand with a skin tone), without the emoji variation selector U+FE0F except inside some joined
 * (ZWJ) sequences: "2600" for ☀️ (U+2600 U+FE0F), "1f3f3-fe0f-200d-1f308" for 🏳️‍🌈, but "1f441-200d-1f5e8"
 * for 👁️‍🗨️. A sequence is looked up as written, then without its selectors.
 */

const require = createRequire(import.meta.url);
const FOLDER = dirname(require.resolve("@twemoji/svg/package.json"));

/** The file names a grapheme may have in the set, the likeliest first. */
export function emojiFileNames(grapheme: string): string[] {
  const name = (text: string) =>
    Array.from(text, (char) => (char.codePointAt(0) ?? 0).toString(16)).join("-");
  const asWritten = name(grapheme);
  const bare = name(grapheme.replaceAll("\uFE0F", ""));
  return bare === asWritten || bare === "" ? [asWritten] : [asWritten, bare];
}

let names: Promise<ReadonlySet<string>> | undefined;

/** The set's file names (without .svg), listed once, on the first card. */
export function emojiNames(): Promise<ReadonlySet<string>> {
  names ??= readdir(FOLDER).then(
    (files) => new Set(files.filter((file) => file.endsWith(".svg")).map((file) => file.slice(0, -4))),
    (error: unknown) => {
      names = undefined;
      throw error;
    },
  );
  return names;
}

/** Twice the largest text size (56 px), so that the picture stays sharp where it is drawn smaller. */
const PICTURE_PX = 112;
/** About 5 KB each: every emoji of the set would be 20 MB a drawing worker; the least recently used go. */
const KEPT_PICTURES = 1000;
const pictures = new Map<string, Promise<string>>();

async function draw(name: string): Promise<string> {
  const [svg, { renderAsync }] = await Promise.all([readFile(join(FOLDER, `${name}.svg`)), engines()]);
  const image = await renderAsync(svg, {
    fitTo: { mode: "width", value: PICTURE_PX },
    font: { loadSystemFonts: false },
  });
  return `data:image/png;base64,${image.asPng().toString("base64")}`;
}

/** One picture as a PNG data URI, which satori takes as an image source. */
export function emojiPicture(name: string): Promise<string> {
  let picture = pictures.get(name);
  if (picture) {
    pictures.delete(name);
  } else {
    picture = draw(name).catch((error: unknown) => {
      pictures.delete(name);
      throw error;
    });
  }
  pictures.set(name, picture);
  if (pictures.size > KEPT_PICTURES) pictures.delete(pictures.keys().next().value ?? name);
  return picture;
}
