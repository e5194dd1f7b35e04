import { createHash } from "node:crypto";
import type { CardThought } from "./layout";
import { renderCardPng } from "./render";

/**
 * Bump when the card's look changes: it is part of every ETag, so browsers drop the images they kept of
 * the old look rather than being told "304, unchanged" about them.
 */
const LOOK_VERSION = 1;

/** The ETag of a thought's card: a hash of all the card shows (and of its look), quoted as HTTP wants. */
export function cardEtag({ id, conteudo, autoria, modelo }: CardThought): string {
  const hash = createHash("sha256")
    .update(JSON.stringify([LOOK_VERSION, id, conteudo, autoria, modelo]))
    .digest("base64url")
    .slice(0, 27);
  return `"${hash}"`;
}

/** Whether an If-None-Match header names this ETag (or `*`); weak and strong forms compare alike (RFC 9110). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim().replace(/^W\//, "");
    return candidate === "*" || candidate === etag;
  });
}

export interface CardImages {
  /** The card's PNG: from memory when this very card was drawn lately, else drawn now. */
  png(thought: CardThought): Promise<Buffer>;
}

/**
 * The cards drawn lately, kept in memory (a card is 30–100 KB; 64 of them a few MB): drawing one takes tens
 * of milliseconds of CPU, and a shared link is fetched again and again by previews. Keyed by the ETag, so a
 * changed thought is a new entry and the old one ages out. Two requests for a card being drawn share the
 * drawing.
 */
export function createCardImages({
  capacity = 64,
  render = renderCardPng,
}: {
  capacity?: number;
  render?: (thought: CardThought) => Promise<Buffer>;
} = {}): CardImages {
  const drawn = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();

  const remember = (key: string, png: Buffer) => {
    drawn.delete(key);
    drawn.set(key, png);
    // A Map iterates in insertion order: its first key is the one used longest ago.
    for (const oldest of drawn.keys()) {
      if (drawn.size <= capacity) break;
      drawn.delete(oldest);
    }
  };

  return {
    png(thought) {
      const key = cardEtag(thought);
      const kept = drawn.get(key);
      if (kept) {
        remember(key, kept);
        return Promise.resolve(kept);
      }
      let pending = drawing.get(key);
      if (!pending) {
        pending = render(thought)
          .then((png) => {
            remember(key, png);
            return png;
          })
          .finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      return pending;
    },
  };
}
