import { Fragment } from "react";
import { splitMatches } from "./highlight";

/** The text with each match of the search wrapped in <mark>, built as React nodes (never raw HTML). */
export function Highlight({ text, query }: { text: string; query: string | undefined }) {
  const segments = splitMatches(text, query);
  let offset = 0;
  return segments.map((segment) => {
    // Offsets are stable for a given text and query, unlike array indexes across renders.
    const key = offset;
    offset += segment.text.length;
    return segment.match ? (
      <mark key={key}>{segment.text}</mark>
    ) : (
      <Fragment key={key}>{segment.text}</Fragment>
    );
  });
}
