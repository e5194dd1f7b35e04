import {
  IMPORT_ERRORS_LISTED,
  IMPORT_MAX_ITEMS,
  type ImportError,
  type PassedOver,
} from "../../domain/contract-schemas";
import { type ThoughtImport, thoughtImportSchema, withoutId } from "../../domain/thought";
import { pacer } from "../db";
import type { ImportSources } from "./import-sources";
import { byRank, type ItemSink, TooManyItemsError } from "./items";

/**
 * The thought the fields make, checked against the rules a thought created through the API meets (texts
 * trimmed, the author's length, the model, the favorite), so an import brings in nothing the form would
 * refuse; or, in the form's words, the first rule the item breaks.
 */
function checkThought(fields: Record<string, unknown>): { input: ThoughtImport } | { error: string } {
  const parsed = thoughtImportSchema.safeParse(fields);
  if (parsed.success) return { input: withoutId(parsed.data) };
  return { error: parsed.error.issues[0]?.message ?? "Pensamento inválido." };
}

/**
 * A file's first reading: every item is checked the moment it is read and only what the answer needs is
 * kept (the count of valid items, the errors): a file's texts are never held. Errors are kept in the file's
 * order, only as many as an answer lists; the rest are counted. A file that cannot be taken (unreadable, too
 * many items) is refused here, before the database is touched.
 */
export class ImportItems implements ItemSink {
  readonly errors: ImportError[] = [];
  /** Every item left out, listed or not. */
  errorCount = 0;
  /** Items passed over on purpose, by kind (see ItemSink.passOver). */
  readonly passedOver: PassedOver[] = [];
  /** How many items were valid thoughts. */
  validCount = 0;
  /**
   * The valid items did not arrive in rank order (a Keep zip whose notes are not in the order they were
   * made): the second reading holds them all and sorts them. Items that arrive in order, ranks equal or
   * rising, go onto the wall as they come, as a file read in its own order does.
   */
  ranked = false;
  #lastRank: number | undefined;
  #count = 0;
  readonly #pace = pacer();
  readonly #sources: ImportSources | undefined;

  /** `sources` lists the valid thoughts' sources, and leaves out those the user unticked. */
  constructor(sources?: ImportSources) {
    this.#sources = sources;
  }

  /**
   * Called once before each item a reader finds: past IMPORT_MAX_ITEMS the whole file is refused, and now
   * and then it lets the event loop answer other requests (see pace.ts).
   */
  async next(): Promise<void> {
    this.#count += 1;
    if (this.#count > IMPORT_MAX_ITEMS) throw new TooManyItemsError();
    await this.#pace();
  }

  /** Lets the event loop breathe during work that finds no item (a zip's other files). */
  pause(): Promise<void> {
    return this.#pace();
  }

  /** Checks the item: counted when valid, its error recorded otherwise (see ItemSink.add for the rank). */
  add(at: string, fields: Record<string, unknown>, rank = 0): void {
    const checked = checkThought(fields);
    if ("error" in checked) {
      this.leaveOut(at, checked.error);
      return;
    }
    const { fonte, autoria } = checked.input;
    if (this.#sources && !this.#sources.found(fonte, autoria)) return;
    this.validCount += 1;
    if (this.#lastRank !== undefined && rank < this.#lastRank) this.ranked = true;
    this.#lastRank = rank;
  }

  passOver(reason: string, count: number): void {
    if (count > 0) this.passedOver.push({ reason, count });
  }

  /** An item left out by the reader, with its place and a pt-BR reason. */
  leaveOut(at: string, message: string): void {
    this.errorCount += 1;
    if (this.errors.length < IMPORT_ERRORS_LISTED) this.errors.push({ at, message });
  }
}

/**
 * A file's second reading, once ImportItems has taken it: each valid thought goes to `put` in the order it
 * goes onto the wall. In the file's order (JSON, CSV, Kindle) each is handed over before the next item is
 * read, so only the ones being written are held, and so are items that arrive in rank order; items that did
 * not (a Keep zip whose notes are not in the order they were made) are held until the end and handed over
 * sorted. Errors were counted by the first reading and are ignored here.
 */
export class ValidItems implements ItemSink {
  /** Valid thoughts handed over so far. */
  count = 0;
  readonly #put: (input: ThoughtImport) => Promise<void>;
  readonly #ranked: boolean;
  #pending: ThoughtImport[] = [];
  readonly #ranks: number[] = [];
  readonly #pace = pacer();

  readonly #sources: ImportSources | undefined;

  constructor(
    put: (input: ThoughtImport) => Promise<void>,
    { ranked, sources }: { ranked: boolean; sources?: ImportSources },
  ) {
    this.#put = put;
    this.#ranked = ranked;
    this.#sources = sources;
  }

  async next(): Promise<void> {
    if (!this.#ranked) await this.#handOver();
    await this.#pace();
  }

  pause(): Promise<void> {
    return this.#pace();
  }

  add(_at: string, fields: Record<string, unknown>, rank = 0): void {
    const checked = checkThought(fields);
    if ("error" in checked) return;
    if (this.#sources && !this.#sources.kept(checked.input.fonte)) return;
    this.#pending.push(checked.input);
    if (this.#ranked) this.#ranks.push(rank);
  }

  passOver(): void {}

  leaveOut(): void {}

  /** Hands over what is left, after the reader has finished. */
  async end(): Promise<void> {
    if (this.#ranked) this.#pending = byRank(this.#pending, this.#ranks);
    await this.#handOver();
  }

  async #handOver(): Promise<void> {
    const pending = this.#pending;
    this.#pending = [];
    for (const input of pending) {
      this.count += 1;
      await this.#put(input);
    }
  }
}
