import { AUTHOR_MAX } from "../../domain/rules";
import { ITEM_MAX_BYTES, ITEM_TOO_BIG, type ItemSink, UnreadableFileError } from "./items";
import { type Clipping, looksLikeClippings, parseClippings, withoutRepeats } from "./kindle-clippings";

/** The label every Kindle highlight gets, so the wall can show them apart. */
export const KINDLE_LABEL = "kindle";

/** How the summary names what was passed over on purpose (not errors). */
export const KINDLE_PASSED_OVER = {
  notes: "Notas do Kindle",
  bookmarks: "Marcadores do Kindle",
  repeats: "Destaques repetidos do Kindle",
} as const;

const DASH = " — ";

/**
 * The author of a highlight: 'Author — Book title', the title shortened with '…' when both would pass the
 * author's limit; the title alone for a book without an author.
 */
export function kindleAuthor({ title, author }: Pick<Clipping, "title" | "author">): string {
  if (!author) return title.length > AUTHOR_MAX ? `${title.slice(0, AUTHOR_MAX - 1)}…` : title;
  const room = AUTHOR_MAX - author.length - DASH.length;
  const shown = title.length <= room ? title : `${title.slice(0, Math.max(0, room - 1))}…`;
  return `${author}${DASH}${shown}`;
}

/**
 * Kindle's `My Clippings.txt`: each highlight becomes a thought by 'Author — Book title' with the label
 * 'kindle'. Notes, bookmarks and the repeats Kindle writes of an edited highlight are passed over and
 * counted; an entry of no kind it knows is an error of its own.
 */
export async function readKindle(body: Buffer, items: ItemSink): Promise<void> {
  const text = body.toString("utf8");
  if (!looksLikeClippings(text)) {
    throw new UnreadableFileError(
      "O arquivo de texto não é um My Clippings.txt do Kindle: esperava destaques separados por ==========.",
    );
  }
  const clippings = parseClippings(text);
  const { kept, repeats } = withoutRepeats(clippings.filter((clipping) => clipping.kind === "highlight"));
  for (const clipping of kept) {
    await items.next();
    const at = `destaque ${clipping.index}`;
    // Checked by its length alone, as the other readers check an item's bytes before reading it.
    if (clipping.text.length > ITEM_MAX_BYTES) items.leaveOut(at, ITEM_TOO_BIG);
    else
      items.add(at, { conteudo: clipping.text, autoria: kindleAuthor(clipping), etiquetas: [KINDLE_LABEL] });
  }
  for (const clipping of clippings) {
    if (clipping.kind !== "unknown") continue;
    await items.next();
    items.leaveOut(`destaque ${clipping.index}`, "Não é um destaque, nota ou marcador do Kindle.");
  }
  const count = (kind: Clipping["kind"]) => clippings.filter((clipping) => clipping.kind === kind).length;
  items.passOver(KINDLE_PASSED_OVER.notes, count("note"));
  items.passOver(KINDLE_PASSED_OVER.bookmarks, count("bookmark"));
  items.passOver(KINDLE_PASSED_OVER.repeats, repeats);
}
