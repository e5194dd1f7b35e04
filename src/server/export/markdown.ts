import type { Thought } from "../../domain/contract";
import type { ExportOptions } from "./formats";

/**
 * CommonMark's backslash escapes for every character that could start markup (emphasis, code, links,
 * headings and their `===` underlines, lists, HTML, tables, entities, strikethrough), so a renderer shows the text as typed.
 */
const SPECIALS = /[\\`*_{}[\]()#+\-.!|<>~&=]/g;

/** Leading spaces or tabs would make an indented code block; as character references they stay text. */
const LEADING_BLANKS = /^[ \t]+/;

export function escapeMarkdown(text: string): string {
  return text
    .replace(SPECIALS, "\\$&")
    .replace(LEADING_BLANKS, (blanks) => blanks.replaceAll(" ", "&#32;").replaceAll("\t", "&#9;"));
}

/**
 * The text as a blockquote: every line prefixed with `> `, blank lines as `>`, and a hard line break (a
 * trailing backslash) inside a paragraph, so the line breaks the wall shows survive rendering.
 */
export function blockquote(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  const blank = (line: string | undefined) => line === undefined || line.trim() === "";
  return lines
    .map((line, i) => {
      if (blank(line)) return ">";
      const hardBreak = blank(lines[i + 1]) ? "" : "\\";
      return `> ${escapeMarkdown(line)}${hardBreak}`;
    })
    .join("\n");
}

/**
 * The author in bold on its own paragraph (a line right after a quote would join it), the star, and the
 * labels as `Etiquetas: a, b` (a label holds no comma).
 */
function byline(thought: Thought): string {
  const author = thought.autoria.replace(/\s+/g, " ").trim();
  const parts = [author ? `— **${escapeMarkdown(author)}**` : "—"];
  if (thought.favorito) parts.push("★ Favorito");
  if (thought.etiquetas.length > 0)
    parts.push(`${MARKDOWN_LABELS}${escapeMarkdown(thought.etiquetas.join(", "))}`);
  return parts.join(" · ");
}

/** What starts the labels in a byline, which the Markdown reader looks for. */
export const MARKDOWN_LABELS = "Etiquetas: ";

/** `# Memoteca`, the export date, then each thought as a quote with its author, blank lines between. */
export async function* markdownExport(
  thoughts: AsyncIterable<Thought>,
  { exportedAt }: ExportOptions,
): AsyncGenerator<string> {
  const when = exportedAt.toLocaleString("pt-BR", { dateStyle: "long", timeStyle: "short" });
  yield `# Memoteca\n\nExportado em ${escapeMarkdown(when)}.\n`;
  let empty = true;
  for await (const thought of thoughts) {
    empty = false;
    yield `\n${blockquote(thought.conteudo)}\n\n${byline(thought)}\n`;
  }
  if (empty) yield "\nNenhum pensamento no mural.\n";
}
