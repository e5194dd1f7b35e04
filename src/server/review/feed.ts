import type { Thought } from "../../domain/contract";

/** The web's pages the feed links to (the server never imports src/web; these are its paths.ts's). */
const REVIEW_PAGE = "/revisao";
const thoughtPage = (id: number) => `/pensamentos/editarPensamento/${id}`;

export interface FeedDay {
  day: string;
  chosenAt: number;
  cards: { thought: Thought; motivo: string }[];
}

const escapeXml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");

/** The text may hold characters XML 1.0 cannot carry (controls): they are left out. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML refuses.
const xmlSafe = (text: string) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "");

const text = (value: string) => escapeXml(xmlSafe(value));

/** '27/11/2026' for the day '2026-11-27'. */
const dayTitle = (day: string) => day.split("-").reverse().join("/");

/** One day's cards as HTML (escaped again as the entry's `content type="html"`). */
function dayHtml(origin: string, day: FeedDay): string {
  const items = day.cards.map(({ thought, motivo }) => {
    const source = thought.fonte ? ` — <cite>${text(thought.fonte)}</cite>` : "";
    return (
      `<li><blockquote><p>${text(thought.conteudo).replaceAll("\n", "<br>")}</p></blockquote>` +
      `<p>${text(thought.autoria)}${source}</p>` +
      `<p><small>${text(motivo)} · <a href="${text(`${origin}${thoughtPage(thought.id)}`)}">abrir</a></small></p></li>`
    );
  });
  return `<ol>${items.join("")}</ol><p><a href="${text(`${origin}${REVIEW_PAGE}`)}">Revisar agora</a></p>`;
}

/**
 * The Atom feed of each day's review (RFC 4287): one entry per day, its cards' text, authors, sources and
 * links. `origin` is the address the feed was asked at (scheme and host), so its links open this Memoteca;
 * `self` is the feed's own path without its token (a reader keeps the address it was given).
 */
export function atomFeed(origin: string, selfPath: string, updated: number, days: FeedDay[]): string {
  const entries = days.map(
    (day) => `  <entry>
    <title>Revisão de ${text(dayTitle(day.day))}</title>
    <id>${text(`${origin}${REVIEW_PAGE}#${day.day}`)}</id>
    <updated>${new Date(day.chosenAt).toISOString()}</updated>
    <link rel="alternate" type="text/html" href="${text(`${origin}${REVIEW_PAGE}`)}"/>
    <summary>${text(`${day.cards.length} ${day.cards.length === 1 ? "pensamento" : "pensamentos"} para revisar`)}</summary>
    <content type="html">${escapeXml(dayHtml(origin, day))}</content>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="pt-BR">
  <title>Memoteca · Revisão diária</title>
  <id>${text(`${origin}${REVIEW_PAGE}`)}</id>
  <updated>${new Date(updated).toISOString()}</updated>
  <author><name>Memoteca</name></author>
  <link rel="alternate" type="text/html" href="${text(`${origin}${REVIEW_PAGE}`)}"/>
  <link rel="self" type="application/atom+xml" href="${text(`${origin}${selfPath}`)}"/>
${entries.join("\n")}
</feed>
`;
}
