import { CONTENT_MAX } from "../../domain/rules";
import { type Clipping, isRepeat } from "./kindle-clippings";

/**
 * How many of the nearest highlights kept so far (by location) a highlight is compared with. Kindle writes
 * an edited highlight again over the same place, and the device merges highlights that overlap, so a
 * repeat lies next to what it repeats; comparing with every earlier highlight took time in the square of
 * their number (20,000 highlights of one book held the event loop 25 s).
 */
const NEIGHBOURS = 8;

/** Only a text that can be a thought is compared: a longer one is refused, and costs more to search. */
const comparable = (highlight: Clipping): highlight is Clipping & { from: number; text: string } =>
  highlight.from !== undefined && highlight.text !== undefined && highlight.text.length <= CONTENT_MAX;

/** The highlights of each book that has a location, in the order of their place on the device. */
function byBookAndPlace(highlights: readonly Clipping[]): (Clipping & { from: number })[][] {
  const books = new Map<string, (Clipping & { from: number })[]>();
  for (const highlight of highlights) {
    if (!comparable(highlight)) continue;
    const book = books.get(highlight.book);
    if (book) book.push(highlight);
    else books.set(highlight.book, [highlight]);
  }
  const sorted = [...books.values()];
  for (const book of sorted) book.sort((a, b) => a.from - b.from || a.index - b.index);
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
 * Kindle's repeats among the highlights, to pass over: when a highlight was edited the device writes it
 * again, so of two repeats the later one stays (or the longer, when the later is only a part of the
 * earlier). Each book's highlights are sorted by place and each is compared with its nearest kept
 * neighbours: n log n in all. `pause` is awaited once per highlight, so a long file lets the event loop
 * answer meanwhile.
 */
export async function repeatsAmong(
  highlights: readonly Clipping[],
  pause: () => Promise<void>,
): Promise<Set<Clipping>> {
  const repeats = new Set<Clipping>();
  for (const book of byBookAndPlace(highlights)) {
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
