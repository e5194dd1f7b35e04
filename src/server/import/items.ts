import { messages } from "../../domain/messages";
import { CONTENT_MAX } from "../../domain/rules";

/**
 * The file as a whole cannot be read (not JSON, not a zip, an unknown shape, a CSV without our header): the
 * import changes nothing and the message, in pt-BR, says what was expected.
 */
export class UnreadableFileError extends Error {}

/** The file holds more items than one import takes: refused whole, at the first item past the limit. */
export class TooManyItemsError extends Error {
  constructor() {
    super(messages.importTooManyItems);
  }
}

/**
 * The most bytes an item of a file may take and still be a thought: its text and author with every
 * character written as a six-byte `\uXXXX` escape, twice over (Keep writes a note's text again as HTML),
 * and room for the other fields. A bigger item cannot hold a valid thought, so it is left out unread:
 * neither parsed nor inflated into memory.
 */
export const ITEM_MAX_BYTES = 12 * CONTENT_MAX + 64 * 1024;

/** Why an item bigger than ITEM_MAX_BYTES is left out. */
export const ITEM_TOO_BIG = "Grande demais para um pensamento: o texto pode ter no máximo 10.000 caracteres.";

/**
 * Where a reader puts each item it finds, in the file's order, the moment it finds it: raw fields still
 * unchecked, or an item it could not even take apart (a CSV line with too few fields, a Keep note in the
 * trash) with its place and a pt-BR reason.
 */
export interface ItemSink {
  /** Called once before each item: counts it (past the limit, throws TooManyItemsError) and paces the work. */
  next(): Promise<void>;
  /** Paces work that finds no item (a zip's other files). */
  pause(): Promise<void>;
  /**
   * An item's fields, with its place for the user ("item 3", "linha 5", "Takeout/Keep/Nota.json"). Items go
   * onto the wall in the order of `rank`, then of arrival: a Keep note ranks by when it was made.
   */
  add(at: string, fields: Record<string, unknown>, rank?: number): void;
  leaveOut(at: string, message: string): void;
  /**
   * Items passed over on purpose, not errors (a Kindle note or bookmark): how many of one kind, named in
   * pt-BR. They count among the skipped.
   */
  passOver(reason: string, count: number): void;
}

/** What arrived in `rank` order, those of equal rank in the order they arrived. */
export function byRank<T>(entries: readonly T[], ranks: readonly number[]): T[] {
  if (ranks.every((rank) => rank === ranks[0])) return [...entries];
  const order = entries.map((_, index) => index);
  order.sort((a, b) => (ranks[a] ?? 0) - (ranks[b] ?? 0) || a - b);
  return order.map((index) => entries[index] as T);
}

const sinkErrors = new WeakSet<object>();

/**
 * The sink as a reader that refuses a broken file with a catch-all (a zip, a Kobo database) hands it items:
 * every error the sink throws is marked, so the catch-all passes it on as it is (thrownBySink). A thought
 * is written while the file is read (run-import.ts), and a failure of the database, or a refusal of the
 * sink's own (too many items), is not a broken file.
 */
export function markingErrors(items: ItemSink): ItemSink {
  const marked = (error: unknown) => {
    if (typeof error === "object" && error !== null) sinkErrors.add(error);
    return error;
  };
  const guard =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    (...args: A): R => {
      try {
        const result = call(...args);
        return result instanceof Promise
          ? (result.catch((error: unknown) => {
              throw marked(error);
            }) as R)
          : result;
      } catch (error) {
        throw marked(error);
      }
    };
  return {
    next: guard(() => items.next()),
    pause: guard(() => items.pause()),
    add: guard((at: string, fields: Record<string, unknown>, rank?: number) => items.add(at, fields, rank)),
    leaveOut: guard((at: string, message: string) => items.leaveOut(at, message)),
    passOver: guard((reason: string, count: number) => items.passOver(reason, count)),
  };
}

/** Whether the error came from a sink given by markingErrors, not from the file's reading. */
export const thrownBySink = (error: unknown): boolean =>
  typeof error === "object" && error !== null && sinkErrors.has(error);
