/**
 * An author as a reader writes it, from the way Kindle stores it: catalogue order, 'Sobrenome, Nome', becomes
 * 'Nome Sobrenome' ('Assis, Machado de' is 'Machado de Assis', 'Rosa, João Guimarães' is 'João Guimarães
 * Rosa'); several authors, separated by ';' ('Gaiman, Neil;Pratchett, Terry'), are each turned and joined by
 * '; '. A name is turned only when it holds one comma with a plain name on each side (letters, spaces,
 * apostrophes, hyphens and periods: 'Tolkien, J. R. R.'); anything else ('King, Stephen, Jr.', 'Editora
 * 34, 2ª ed.') stays as the device wrote it.
 *
 * The pattern is one class of characters between anchors: it cannot backtrack, and it runs on a title
 * line's author, which is capped before it comes here.
 */
const PLAIN_NAME = /^[\p{L}\p{M}'’.\- ]+$/u;

const isPlain = (name: string) => name !== "" && PLAIN_NAME.test(name) && /\p{L}/u.test(name);

/** One author in reading order: 'Sobrenome, Nome' as 'Nome Sobrenome', anything else as it is. */
function turned(author: string): string {
  const parts = author.split(",");
  if (parts.length !== 2) return author;
  const [surname = "", given = ""] = parts.map((part) => part.trim());
  return isPlain(surname) && isPlain(given) ? `${given} ${surname}` : author;
}

/** The authors of a Kindle title line in reading order, each turned, joined by '; '. */
export function readingOrder(authors: string): string {
  return authors
    .split(";")
    .map((author) => author.trim())
    .filter((author) => author !== "")
    .map(turned)
    .join("; ");
}
