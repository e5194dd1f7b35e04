import { API_PREFIX, apiRoutes, SESSION_COOKIE, TOTAL_COUNT_HEADER, TRASH_DAYS } from "../../domain/contract";
import { EXPORT_FORMATS } from "../../domain/contract-schemas";
import { exportFormats } from "../export/formats";

/**
 * What the route schemas do not say, for the reader of the document: a summary per operation, and the
 * answers a zod schema does not describe (an empty 204, a file, a header). A route's own `summary` or
 * `description` in its schema wins over these; a route with no entry is documented from its schemas alone.
 * Response entries are merged into the generated ones, in @fastify/swagger's shape: a JSON Schema, with
 * `type: "null"` for no body and `headers` for response headers, or `{description, content}`.
 */
export interface OperationNotes {
  summary: string;
  description?: string;
  responses?: Record<string, Record<string, unknown>>;
}

const at = (route: string) => `${API_PREFIX}${route}`;
const noBody = (description: string) => ({ type: "null", description });
const header = (description: string, type = "string") => ({ type, description });

const listHeaders = {
  [TOTAL_COUNT_HEADER]: header("How many thoughts match, over all pages.", "integer"),
  Link: header("RFC 8288 links to the first, previous, next and last pages (next only, with _after)."),
};

export const operationNotes: Record<string, OperationNotes> = {
  [`GET ${at(apiRoutes.openapi)}`]: {
    summary: "This document",
    description: "Generated from the routes' schemas.",
    responses: {
      200: {
        description: "The OpenAPI 3.1 document.",
        content: { "application/json": { schema: { type: "object" } } },
      },
    },
  },
  [`GET ${at(apiRoutes.docs)}`]: {
    summary: "This document as a page to read",
    responses: {
      200: {
        description: "Plain HTML, no script.",
        content: { "text/html": { schema: { type: "string" } } },
      },
    },
  },
  [`GET ${at(apiRoutes.health)}`]: {
    summary: "Whether the app and its database answer",
    description: "503 `unavailable` when the database does not answer within 2 s.",
  },
  [`GET ${at(apiRoutes.session)}`]: {
    summary: "Whether a password is set and this browser signed in",
  },
  [`POST ${at(apiRoutes.session)}`]: {
    summary: "Sign in with the password",
    description:
      "Only failures count: each wrong password makes the next try from that address wait longer (0.25 s " +
      "doubling to 15 s), and past 5 in 15 minutes a wrong one answers 429. The right password is never refused.",
    responses: { 204: noBody(`Signed in: the answer sets the \`${SESSION_COOKIE}\` cookie.`) },
  },
  [`DELETE ${at(apiRoutes.session)}`]: {
    summary: "Sign out",
    responses: { 204: noBody("Signed out: the session ends and its cookie is cleared.") },
  },
  [`GET ${at(apiRoutes.thoughts)}`]: {
    summary: "The wall, newest first, a page at a time",
    description:
      "By page (`_page`) or by cursor (`_after`, the id of the last thought seen), never both; `q` searches " +
      "the text and the author (accents and case aside), `favorito` keeps the favourites or the others. " +
      "json-server's `_sort` (id, autoria, conteudo; comma lists), `_order` (asc, desc), `_start`/`_end` " +
      "(a slice, or `_start` with `_limit`) and `modelo` work as in json-server 0.17; any other `_x` " +
      "parameter is a 400 naming it. Answers are `Cache-Control: private, no-cache`, `Vary: Cookie`.",
    responses: { 200: { description: "The page's thoughts.", headers: listHeaders } },
  },
  [`POST ${at(apiRoutes.thoughts)}`]: {
    summary: "Create a thought",
    responses: {
      201: {
        description: "The thought as stored.",
        headers: { Location: header("The new thought's path.") },
      },
    },
  },
  [`GET ${at(apiRoutes.thought)}`]: { summary: "One thought" },
  [`GET ${at(apiRoutes.dayThought)}`]: {
    summary: "The thought of the day",
    description:
      "Chosen by the server's date (favourites three times likelier), the same all day for every device, never yesterday's when there are more than 3 thoughts.",
    responses: { 204: noBody("The wall is empty.") },
  },
  [`GET ${at(apiRoutes.randomThought)}`]: {
    summary: "A random thought ('Surpreenda-me')",
    description:
      "With `semente`, the `passo`-th draw of that seed's shuffle: steps 0 to n-1 show each of n thoughts once.",
    responses: { 204: noBody("The wall is empty.") },
  },
  [`GET ${at(apiRoutes.thoughtImage)}`]: {
    summary: "The thought's card as an image, to share",
    description:
      "A 1200×630 PNG of the card as the wall draws it: its model's picture and shadow, the text (smaller " +
      "as it grows, cut with … past what fits) and the author. The same thought always gives the same " +
      "bytes. Send the `ETag` back in `If-None-Match` to get a 304 while the thought is unchanged. " +
      "Drawings are bounded: two at once in the server and a short line (429 past it), 30 per minute and " +
      "client (429 with `Retry-After`), 5 s of waiting (503); a card drawn lately is answered regardless.",
    responses: {
      200: {
        description: "The card.",
        headers: {
          ETag: header("A hash of what the card shows; it changes when the thought does."),
          "Cache-Control": header("`private, no-cache`: keep it, but ask again before showing it."),
        },
        content: { "image/png": { schema: { type: "string", contentMediaType: "image/png" } } },
      },
      304: noBody("Unchanged since the ETag in If-None-Match."),
    },
  },
  [`PUT ${at(apiRoutes.thought)}`]: {
    summary: "Replace a thought",
    description: "The id comes from the path; one in the body is ignored.",
  },
  [`PATCH ${at(apiRoutes.thought)}`]: {
    summary: "Change some fields of a thought",
    description: 'At least one field; the favourite toggle sends `{"favorito": true}`.',
  },
  [`DELETE ${at(apiRoutes.thought)}`]: {
    summary: "Move a thought to the trash",
    description: `It leaves the wall, its counts, searches and exports, and can be restored for ${TRASH_DAYS} days.`,
    responses: { 204: noBody("In the trash.") },
  },
  [`GET ${at(apiRoutes.trash)}`]: {
    summary: "The trash, most recently deleted first, a page at a time",
    description:
      `Each thought as it was, with \`excluidoEm\` (when it was deleted). A thought deleted more than ` +
      `${TRASH_DAYS} days ago is gone for good: every call on the trash purges those first.`,
    responses: {
      200: {
        description: "The page's trashed thoughts.",
        headers: {
          [TOTAL_COUNT_HEADER]: header("How many thoughts the trash holds.", "integer"),
          Link: header("RFC 8288 links to the first, previous, next and last pages."),
        },
      },
    },
  },
  [`POST ${at(apiRoutes.restore)}`]: {
    summary: "Put a thought back on the wall",
    description:
      "No body. It comes back with its own id, so in its own place on the wall. 404 `not_found` when it " +
      "is not in the trash; 409 `conflict` if its id is taken on the wall (it then stays in the trash).",
    responses: { 200: { description: "The thought, back on the wall." } },
  },
  [`DELETE ${at(apiRoutes.trash)}`]: {
    summary: "Empty the trash: every thought in it deleted for good",
    description:
      "No body. The answer counts the thoughts deleted (0 for an empty trash, still a 200). The wall is " +
      "untouched. Like every write, it needs the anti-forgery header.",
    responses: { 200: { description: "How many thoughts were deleted for good." } },
  },
  [`DELETE ${at(apiRoutes.trashed)}`]: {
    summary: "Delete a thought in the trash for good",
    responses: { 204: noBody("Gone for good.") },
  },
  [`GET ${at(apiRoutes.export)}`]: {
    summary: "The whole wall as a download, oldest first",
    responses: {
      200: {
        description: "The file, as an attachment named after the server's local date.",
        content: Object.fromEntries(
          EXPORT_FORMATS.map((format) => [
            exportFormats[format].contentType.split(";")[0],
            { schema: { type: "string", description: `format=${format}` } },
          ]),
        ),
      },
    },
  },
  [`POST ${at(apiRoutes.import)}`]: {
    summary: "Add the thoughts of a file to the wall",
    description:
      "A Memoteca export (JSON or CSV), a json-server db.json, or a Google Takeout zip with Keep notes. " +
      "Items already on the wall (same text and author) or invalid are left out and counted; with " +
      "`dryRun=true` nothing changes. A file that cannot be read is a 400 and changes nothing. One import " +
      "at a time: another one meanwhile is a 409, answered before its body is read. More than 100,000 " +
      "items is a 413 `too_many_items`.",
  },
};
