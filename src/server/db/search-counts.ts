const MAX_ENTRIES = 256;

/**
 * Remembers how many thoughts match a search, because counting every match is the one slow part of a
 * search at 100k thoughts (5 ms and more for a common word) while the page itself takes a fraction of a
 * millisecond; 'Carregar mais' asks the same search again for each page.
 *
 * Each repository owns one and runs every write through `write`: the generation moves before and after the
 * write, and a count computed while the generation moved is not kept, so a count never outlives the data it
 * was taken from. Writers outside this process (say `npm run seed` beside a running server) are caught
 * through `dataVersion`, which SQLite answers with `PRAGMA data_version`; with PostgreSQL the server is
 * assumed to be the only writer.
 */
export class SearchCounts {
  #generation = 0;
  #seenVersion: unknown;
  readonly #entries = new Map<string, number>();

  /** `dataVersion` answers a value that changes when another process commits (undefined if unknown). */
  constructor(private readonly dataVersion: () => Promise<unknown>) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    await this.#noticeOtherWriters();
    const known = this.#entries.get(key);
    if (known !== undefined) return known;
    const generation = this.#generation;
    const value = await count();
    if (generation === this.#generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Runs a write, forgetting every count before and after it. */
  async write<T>(run: () => Promise<T>): Promise<T> {
    this.forget();
    try {
      return await run();
    } finally {
      this.forget();
    }
  }

  /** Forgets every count, including one being computed right now. */
  forget(): void {
    this.#generation++;
    this.#entries.clear();
  }

  async #noticeOtherWriters(): Promise<void> {
    const version = await this.dataVersion();
    if (version !== this.#seenVersion) {
      this.#seenVersion = version;
      this.forget();
    }
  }
}
