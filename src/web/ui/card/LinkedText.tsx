import { Fragment, type ReactNode } from "react";
import { splitLinks } from "./links";

/** A piece of the text, marked or not (a match of the wall's search). */
export interface MarkedPiece {
  text: string;
  match: boolean;
}

/** The marked pieces that fall between `from` and `to` of the whole text, cut to fit. */
function markedBetween(marks: MarkedPiece[], from: number, to: number): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const { text, match } of marks) {
    const start = Math.max(at, from);
    const end = Math.min(at + text.length, to);
    if (start < end) {
      const part = text.slice(start - at, end - at);
      nodes.push(match ? <mark key={start}>{part}</mark> : <Fragment key={start}>{part}</Fragment>);
    }
    at += text.length;
  }
  return nodes;
}

/**
 * A thought's text with its web addresses as links and, given, the search's matches marked, even across a
 * link's edge. Built as React nodes, never as HTML: the text can hold nothing but text and these links.
 * A link opens in the same tab (Back returns to the wall) and sends no Referer, so the wall's address,
 * with its search, stays here.
 */
export function LinkedText({
  text,
  marks = [{ text, match: false }],
}: {
  text: string;
  marks?: MarkedPiece[];
}) {
  let at = 0;
  return splitLinks(text).map((piece) => {
    const from = at;
    at += piece.text.length;
    const inner = markedBetween(marks, from, at);
    return piece.href ? (
      <a key={from} href={piece.href} rel="noreferrer">
        {inner}
      </a>
    ) : (
      <Fragment key={from}>{inner}</Fragment>
    );
  });
}
