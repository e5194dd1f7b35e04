import type { DehydratedState } from "@tanstack/react-query";
import { FIRST_PAGE_STATE_ID } from "../../domain/contract-core";

/**
 * The answers the server rendered the first page from, handed to the browser in the document as a JSON
 * block (`<script type="application/json">`: data, never executed, so the strict CSP stays as it is). The
 * browser seeds its query cache with them and hydrates the HTML without asking the API again.
 */
export { FIRST_PAGE_STATE_ID };

/** JSON that is safe inside a script element: no `<` can close it or open a comment. */
export function serializeState(state: DehydratedState): string {
  return JSON.stringify(state).replace(/</g, "\\u003c");
}

/** The state the server put in the page, or undefined when it sent the plain shell (or a broken block). */
export function readFirstPageState(doc: Document = document): DehydratedState | undefined {
  const text = doc.getElementById(FIRST_PAGE_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return undefined;
  }
}
