import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Emoji as Twemoji's pictures (the @twemoji/svg package: one SVG per emoji, 3,700 of them, 8 MB), drawn by
 * satori as images the size of the text. A picture is read on the first card that shows it and kept.
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

const pictures = new Map<string, Promise<string>>();

/** One picture as a data URI, which satori takes as an image source. */
export function emojiPicture(name: string): Promise<string> {
  let picture = pictures.get(name);
  if (!picture) {
    picture = readFile(join(FOLDER, `${name}.svg`)).then(
      (svg) => `data:image/svg+xml;base64,${svg.toString("base64")}`,
      (error: unknown) => {
        pictures.delete(name);
        throw error;
      },
    );
    pictures.set(name, picture);
  }
  return picture;
}
