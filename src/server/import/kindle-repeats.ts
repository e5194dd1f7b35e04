import { CONTENT_MAX } from "../../domain/rules";
import { type Clipping, isRepeat } from "./kindle-clippings";

/**
 * How many of the nearest highlights kept so far (by location) a highlight is compared with. Kindle writes
 * an edited highlight again over the same place, and the device merges highlights that overlap, so a
 * repeat lies next to what it repeats; comparing with every earlier highlight took time in the square of
 * their number (20,000 highlights of one book held the event loop 25 s).
 */
const NEIGHBOURS = 8;

/**
 * Only highlights whose text can be a thought are compared: a longer one is refused anyway, and costs more
 * to search.
 */
const comparable = (clipping: Clipping): clipping is Clipping & { from: number; text: string } =>
  clipping.kind === "highlight" &&
  clipping.from !== undefined &&
  clipping.text !== undefined &&
  clipping.text.length <= CONTENT_MAX;

/** The highlights of each book that has a location, in the order of their place on the device. */
async function byBookAndPlace(
  clippings: readonly Clipping[],
  pause: () => Promise<void>,
): Promise<(Clipping & { from: number })[][]> {
  const books = new Map<string, (Clipping & { from: number })[]>();
  for (const clipping of clippings) {
    await pause();
    if (!comparable(clipping)) continue;
    const book = books.get(clipping.book);
    if (book) book.push(clipping);
    else books.set(clipping.book, [clipping]);
  }
  const sorted = [...books.values()];
  for (const book of sorted) {
    await pause();
    book.sort((a, b) => a.from - b.from || a.index - b.index);
  }
  return sorted;
}

/** Where among the last NEIGHBOURS kept is one that `highlight` repeats, the nearest first; else -1. */
function nearestRepeated(kept: readonly Clipping[], highlight: Clipping): number {
  for (let at = kept.length - 1; at >= Math.max(0, kept.length - NEIGHBOURS); at -= 1) {
    const earlier = kept[at];
    if (earlier && isRepeat(earlier, highlight)) return at;
  }
  return -1;
}

/**
 * Kindle's repeats among the highlights of a file's clippings, to pass over: when a highlight was edited the
 * device writes it again, so of two repeats the later one stays (or the longer, when the later is only a
 * part of the earlier). Each book's highlights are sorted by place and each is compared with its nearest
 * kept neighbours: n log n in all. `pause` is awaited once per clipping and per highlight, so a long file
 * lets the event loop answer meanwhile.
 */
export async function repeatsAmong(
  clippings: readonly Clipping[],
  pause: () => Promise<void>,
): Promise<Set<Clipping>> {
  const repeats = new Set<Clipping>();
  for (const book of await byBookAndPlace(clippings, pause)) {
    const kept: Clipping[] = [];
    for (const highlight of book) {
      await pause();
      const at = nearestRepeated(kept, highlight);
      const earlier = kept[at];
      if (earlier === undefined) {
        kept.push(highlight);
        continue;
      }
      const [first, later] = earlier.index < highlight.index ? [earlier, highlight] : [highlight, earlier];
      const stays = (later.text?.length ?? 0) >= (first.text?.length ?? 0) ? later : first;
      repeats.add(stays === later ? first : later);
      kept[at] = stays;
    }
  }
  return repeats;
}
