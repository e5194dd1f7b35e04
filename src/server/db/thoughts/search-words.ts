import type { Kysely } from "kysely";
import { foldText, isIndexedWord, searchWords } from "../../../domain/search-text";
import type { Database } from "../schema";
import type { SearchWord } from "./list-filter";

/** A label in use as the search matches it: its key, its name as shown and folded, how many carry it. */
export interface FoldedLabel {
  key: string;
  label: string;
  total: number;
  folded: string;
}

/**
 * Turns a search's text into the words the list filter matches, each with the labels whose names contain
 * it, ignoring case and accents as the text's search does. Label names are folded here rather than in the
 * database (neither SQLite nor PostgreSQL folds accents without an extension), once per version of the wall
 * (see wall-state.ts): the wall holds at most WALL_LABELS_MAX labels, read again only after a write.
 *
 * A word under the trigrams' length (1 or 2 letters among longer ones, as in "o poeta") matches only the
 * text: nearly every label name holds one or two given letters, and such a word only narrows what the
 * others found.
 */
export class SearchWords {
  #version: number | undefined;
  #labels: FoldedLabel[] = [];

  async of(db: Kysely<Database>, version: number, text: string): Promise<SearchWord[]> {
    const words = searchWords(text);
    const indexed = words.filter(isIndexedWord);
    const labels = indexed.length > 0 ? await this.labelsAt(db, version) : [];
    return words.map((word) => {
      if (!isIndexedWord(word)) return { text: word, indexed: false, labelKeys: [] };
      const labelKeys = labels.filter((label) => label.folded.includes(word)).map((label) => label.key);
      return { text: word, indexed: true, labelKeys };
    });
  }

  /** The labels in use at this version of the wall, their names folded. */
  async labelsAt(db: Kysely<Database>, version: number): Promise<FoldedLabel[]> {
    if (version === this.#version) return this.#labels;
    const rows = await db.selectFrom("labels").select(["key", "label", "total"]).execute();
    const labels = rows.map((row) => ({ ...row, total: Number(row.total), folded: foldText(row.label) }));
    // Read after the version: a write in between leaves newer labels under the older version, which only
    // the requests already holding that version see; the next one reads the new version and reads again.
    this.#version = version;
    this.#labels = labels;
    return labels;
  }
}
