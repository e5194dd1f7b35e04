import { IMPORT_SOURCES_LISTED, type ImportSource } from "../../domain/contract-schemas";

/** How the summary names the thoughts of the sources the user unticked (not errors). */
export const UNTICKED_SOURCES = "Fontes desmarcadas";

/**
 * The sources (books) of an import's valid thoughts, in the order the file first names them: the first
 * reading lists them and counts each one's thoughts; the second counts those new to the wall. A source is
 * named by its `fonte` as the rules leave it (trimmed); thoughts without one share `fonte: ""`. The sources
 * at the positions in `unticked` are left out of the import. Past IMPORT_SOURCES_LISTED sources the rest are
 * only counted, and cannot be unticked.
 */
export class ImportSources {
  readonly #positions = new Map<string, number>();
  readonly #listed: ImportSource[] = [];
  readonly #unticked: ReadonlySet<number>;
  #notListed = new Set<string>();

  constructor(unticked: readonly number[] = []) {
    this.#unticked = new Set(unticked);
  }

  /** Counts a valid thought of the first reading; false when its source is unticked (it stays out). */
  found(fonte: string, autoria: string): boolean {
    let position = this.#positions.get(fonte);
    if (position === undefined && this.#listed.length < IMPORT_SOURCES_LISTED) {
      position = this.#listed.length;
      this.#positions.set(fonte, position);
      this.#listed.push({ fonte, autoria, total: 0, novos: 0 });
    }
    if (position === undefined) {
      // Only counted; a set of names past the list, bounded by the file's items.
      if (this.#notListed.size < IMPORT_SOURCES_LISTED * 100) this.#notListed.add(fonte);
      return true;
    }
    const source = this.#listed[position];
    if (source) source.total += 1;
    return !this.#unticked.has(position);
  }

  /** Whether a thought of the second reading goes in: its source is not unticked. */
  kept(fonte: string): boolean {
    const position = this.#positions.get(fonte);
    return position === undefined || !this.#unticked.has(position);
  }

  /** A thought of the second reading was new to the wall. */
  added(fonte: string): void {
    const position = this.#positions.get(fonte);
    const source = position === undefined ? undefined : this.#listed[position];
    if (source) source.novos += 1;
  }

  get list(): ImportSource[] {
    return this.#listed;
  }

  get notListed(): number {
    return this.#notListed.size;
  }

  /** How many thoughts the unticked sources hold. */
  get untickedCount(): number {
    return [...this.#unticked].reduce((sum, position) => sum + (this.#listed[position]?.total ?? 0), 0);
  }
}
