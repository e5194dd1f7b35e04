/** A piece of a thought's text: plain, or a web address with where it leads. */
export interface TextPiece {
  text: string;
  href?: string;
}

/** An http(s) or www. address: up to a space, a quote or an angle bracket. */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,:;!?'*]$/;
const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * The address as it ends in prose: without the punctuation after it ('veja https://a.org.'), nor a closing
 * parenthesis it did not open ('(em https://a.org)'), while one it opened stays (a Wikipedia title).
 */
function trimAddress(raw: string): string {
  let address = raw;
  while (TRAILING.test(address) || (address.endsWith(")") && count(address, "(") < count(address, ")"))) {
    address = address.slice(0, -1);
  }
  return address;
}

/** The text cut into plain pieces and links; "www." addresses lead to https. Joined, the pieces are the text. */
export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let done = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    // Nothing past the scheme or the 'www.': not an address.
    if (!/^(?:https?:\/\/|www\.)[\p{L}\p{N}]/iu.test(address)) continue;
    if (match.index > done) pieces.push({ text: text.slice(done, match.index) });
    pieces.push({ text: address, href: /^www\./i.test(address) ? `https://${address}` : address });
    done = match.index + address.length;
  }
  if (done < text.length || pieces.length === 0) pieces.push({ text: text.slice(done) });
  return pieces;
}
