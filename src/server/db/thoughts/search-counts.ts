const MAX_ENTRIES = 256;

/** A count and the wall's version it was taken at, read in one statement (so from one snapshot). */
export interface VersionedCount {
  total: number;
  version: number;
}

/**
 * Remembers how many thoughts match a search, because counting every match is the one slow part of a
 * search at 100k thoughts (5 ms and more for a common word) while the page itself takes a fraction of a
 * millisecond; 'Carregar mais' asks the same search again for each page.
 *
 * Counts are remembered for one version of the wall (see wall-state.ts): a request brings the version it
 * read, and a version other than the remembered one forgets every count, whichever process wrote. A count
 * is kept only when the statement that took it saw that same version, so a write committed in between
 * never leaves a count of other data behind.
 */
export class SearchCounts {
  #version: number | undefined;
  readonly #entries = new Map<string, number>();

  async get(version: number, key: string, count: () => Promise<VersionedCount>): Promise<number> {
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
    }
    const known = this.#entries.get(key);
    if (known !== undefined) return known;
    const counted = await count();
    if (counted.version === this.#version) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(key, counted.total);
    }
    return counted.total;
  }
}
