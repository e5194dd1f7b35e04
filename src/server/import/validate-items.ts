import {
  IMPORT_ERRORS_LISTED,
  IMPORT_MAX_ITEMS,
  type ImportError,
  type PassedOver,
} from "../../domain/contract-schemas";
import { type ThoughtInput, thoughtInputSchema, withoutId } from "../../domain/thought";
import { byRank, type ItemSink, TooManyItemsError } from "./items";
import { pacer } from "./pace";

/**
 * What a file's items came to, built as the file is read: each item is checked the moment it is read and
 * only what a thought keeps (or the error) is held, so a file's texts are never all in memory at once, and
 * an overlong text is dropped as soon as it was seen. Errors are kept in the file's order, only as many as
 * an answer lists; the rest are counted.
 */
export class ImportItems implements ItemSink {
  readonly errors: ImportError[] = [];
  /** Every item left out, listed or not. */
  errorCount = 0;
  /** Items passed over on purpose, by kind (see ItemSink.passOver). */
  readonly passedOver: PassedOver[] = [];
  readonly #valid: ThoughtInput[] = [];
  readonly #ranks: number[] = [];
  #count = 0;
  readonly #pace = pacer();

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

  /**
   * The thought the fields make, checked against the rules a thought created through the API meets (texts
   * trimmed, the author's length, the model, the favorite), so an import brings in nothing the form would
   * refuse; or undefined, with the first rule the item breaks recorded as its error, in the form's words.
   */
  private check(at: string, fields: Record<string, unknown>): ThoughtInput | undefined {
    const parsed = thoughtInputSchema.safeParse(fields);
    if (parsed.success) return withoutId(parsed.data);
    this.leaveOut(at, parsed.error.issues[0]?.message ?? "Pensamento inválido.");
    return undefined;
  }

  /** Checks the item and keeps it when valid (see ItemSink.add for the order). */
  add(at: string, fields: Record<string, unknown>, rank = 0): void {
    const input = this.check(at, fields);
    if (!input) return;
    this.#valid.push(input);
    this.#ranks.push(rank);
  }

  /** The valid thoughts, in the order they go onto the wall. */
  valid(): ThoughtInput[] {
    return byRank(this.#valid, this.#ranks);
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
