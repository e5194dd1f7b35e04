import { createHash } from "node:crypto";
import { createDrawPool, type DrawPool } from "./draw-pool";
import { createDrawQueue, withinPatience } from "./draw-queue";
import type { CardThought } from "./layout";

/**
 * Bump when the card's look changes: it is part of every ETag, so browsers drop the images they kept of
 * the old look rather than being told "304, unchanged" about them.
 */
const LOOK_VERSION = 2;

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
  /** The card's PNG when this very card was drawn lately, without drawing it. */
  kept(thought: CardThought): Buffer | undefined;
  /**
   * The card's PNG: from memory, or drawn now. Rejects with CardsBusyError when too many drawings are
   * under way or waiting, and with CardTooSlowError when it is not ready within `giveUpMs`.
   */
  png(thought: CardThought): Promise<Buffer>;
  /** Ends the drawing workers (the app is closing): a process with none left can exit. */
  close(): Promise<void>;
}

export interface CardImagesOptions {
  /** Cards kept in memory. */
  capacity?: number;
  /** The drawing itself (tests give a slow or controllable one); by default the pool's. */
  render?: Render;
  /** The worker threads that draw when no `render` is given; by default `concurrency` of them. */
  pool?: DrawPool;
  /** Drawings at once in the whole server, and requests that may wait for one (see draw-queue.ts). */
  concurrency?: number;
  waiting?: number;
  /** How long a request waits for its card, its turn included, before answering 503. */
  giveUpMs?: number;
}

type Render = (thought: CardThought) => Promise<Buffer>;

/**
 * The given drawing, or a pool of `size` worker threads, which the card images then own and close. No
 * worker starts here: the pool starts its first on the first card drawn.
 */
function drawingOf(render: Render | undefined, pool: DrawPool | undefined, size: number) {
  if (render) return { draw: render, workers: undefined };
  const workers = pool ?? createDrawPool({ size });
  return { draw: (thought: CardThought) => workers.render(thought), workers };
}

/**
 * The cards drawn lately, kept in memory (a card is 30–100 KB; 64 of them a few MB): drawing one takes tens
 * of milliseconds of CPU, up to seconds for a hostile text, and a shared link is fetched again and again by
 * previews. Keyed by the ETag, so a changed thought is a new entry and the old one ages out. Two requests
 * for a card being drawn share the drawing. Drawings are bounded (two at once, a short line, five seconds
 * of patience) and run in worker threads, off the event loop; a card in memory is answered whatever the
 * drawings do.
 */
export function createCardImages({
  capacity = 64,
  render,
  pool,
  concurrency = 2,
  waiting = 8,
  giveUpMs = 5_000,
}: CardImagesOptions = {}): CardImages {
  const { draw, workers } = drawingOf(render, pool, concurrency);
  const drawn = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();
  const queue = createDrawQueue({ concurrency, waiting });

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
    kept(thought) {
      return drawn.get(cardEtag(thought));
    },
    png(thought) {
      const key = cardEtag(thought);
      const kept = drawn.get(key);
      if (kept) {
        remember(key, kept);
        return Promise.resolve(kept);
      }
      let pending = drawing.get(key);
      if (!pending) {
        pending = queue
          .run(() => draw(thought))
          .then((png) => {
            remember(key, png);
            return png;
          })
          .finally(() => drawing.delete(key));
        drawing.set(key, pending);
        // A drawing every request gave up on still ends somewhere: its failure has nobody left to tell.
        pending.catch(() => {});
      }
      return withinPatience(pending, giveUpMs);
    },
    async close() {
      await workers?.close();
    },
  };
}
