import { AUTHOR_MAX, AUTHOR_MIN, LABEL_MAX, LABELS_MAX, PLACE_MAX, SOURCE_MAX } from "../../domain/rules";

/**
 * A memos- or flomo-style post as KOReader sends a highlight:
 * `<text>\n\n<note>\n\n<title> (page: N)\n\n#<title> #koreader`, the note left out when there is none.
 * Read from the end: the line of tags (every word a `#`), then the title and its page, and what is before
 * them is the text, with the note as its last paragraph when two or more remain. A post in no such shape
 * is its text alone.
 */
export interface InboxThought {
  conteudo: string;
  autoria: string;
  fonte: string;
  local: string;
  nota: string;
  etiquetas: string[];
}

const TITLE_LINE = /^(.+?)\s*\((?:page|página|p\.)\s*:?\s*([^)]*)\)\s*$/i;
const TAG = /^#(\S+)$/;
/** Who the thought is by when the post names no book: an author is required. */
const NO_BOOK = "KOReader";

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export function readInboxPost(content: string): InboxThought {
  const blocks = content
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== "");
  const labels: string[] = [];
  const last = blocks.at(-1);
  if (blocks.length > 1 && last !== undefined && last.split(/\s+/).every((word) => TAG.test(word))) {
    blocks.pop();
    for (const word of last.split(/\s+/)) labels.push(word.slice(1).replaceAll("_", " "));
  }
  let title = "";
  let page = "";
  const titled = blocks.length > 1 ? TITLE_LINE.exec(blocks.at(-1) ?? "") : null;
  if (titled) {
    blocks.pop();
    title = (titled[1] ?? "").trim();
    page = (titled[2] ?? "").trim();
  }
  const note = titled && blocks.length >= 2 ? (blocks.pop() ?? "") : "";
  const text = blocks.join("\n\n");
  // The title's own tag names the book, which `fonte` already holds.
  const folded = title.toLowerCase();
  const kept = labels.filter(
    (label) =>
      label.toLowerCase() !== folded &&
      label.toLowerCase() !== folded.replaceAll(" ", "") &&
      label.length <= LABEL_MAX &&
      !/[,;]/.test(label),
  );
  const author = title.length >= AUTHOR_MIN ? title : NO_BOOK;
  return {
    conteudo: text,
    autoria: clip(author, AUTHOR_MAX),
    fonte: clip(title, SOURCE_MAX),
    local: page === "" ? "" : clip(`página ${page}`, PLACE_MAX),
    nota: note,
    etiquetas: [...new Set(kept)].slice(0, LABELS_MAX),
  };
}
