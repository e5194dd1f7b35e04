import type { Thought, TrashedThought } from "../../domain/contract";
import type { LabelCount, Suggestions } from "../../domain/contract-schemas";
import { distinctLabels, labelKey } from "../../domain/labels";
import { authorKey, foldText, isIndexedWord, searchWords } from "../../domain/search-text";
import type { ThoughtImport, ThoughtPatch } from "../../domain/thought";
import type { ThoughtListQuery, ThoughtPage, ThoughtSort } from "../../domain/thought-list";

/**
 * The thoughts of the fake API, in memory. It hands out copies only, so a component that mutates what
 * it received cannot change the data behind the next answer, as it could not with a real server.
 */
export class ThoughtStore {
  #thoughts = new Map<number, Thought>();
  /** Deleted thoughts, in the order they were deleted. */
  #trash = new Map<number, TrashedThought>();
  #lastId = 0;

  /** Adds thoughts as they are, ids included; a later create takes the next id after the highest. */
  seed(thoughts: readonly Thought[]): void {
    for (const thought of thoughts) {
      this.#thoughts.set(thought.id, { ...thought });
      this.#lastId = Math.max(this.#lastId, thought.id);
    }
  }

  clear(): void {
    this.#thoughts.clear();
    this.#trash.clear();
    this.#lastId = 0;
  }

  /** Newest first, like the wall. */
  all(): Thought[] {
    return [...this.#thoughts.values()].sort((a, b) => b.id - a.id).map((thought) => ({ ...thought }));
  }

  /** One page of the matching thoughts and how many match over all pages. */
  list(query: ThoughtListQuery): ThoughtPage {
    const { page, limit, after, search, favorite, label, author, models, sort, offset } = query;
    const words = search === undefined ? undefined : searchWords(search);
    const matching = this.all()
      .filter((thought) => favorite === undefined || thought.favorito === favorite)
      .filter((thought) => models === undefined || models.includes(thought.modelo))
      .filter(
        (thought) =>
          label === undefined ||
          // Without accents, as the server's filter (list-filter.ts).
          thought.etiquetas.some((typed) => foldText(labelKey(typed)) === foldText(label)),
      )
      .filter((thought) => author === undefined || authorKey(thought.autoria) === author)
      .filter((thought) => words === undefined || holdsEveryWord(thought, words));
    if (sort !== undefined) matching.sort(jsonServerOrder(sort));
    if (after === undefined) {
      const start = offset ?? (page - 1) * limit;
      return { items: matching.slice(start, start + limit), total: matching.length };
    }
    const older = matching.filter((thought) => thought.id < after);
    return { items: older.slice(0, limit), total: matching.length, hasMore: older.length > limit };
  }

  /** As the server offers them for a search that found nothing (suggestions.ts). */
  suggestions(search: string): Suggestions {
    const words = searchWords(search).filter(isIndexedWord);
    const authors = new Map<string, { nome: string; total: number }>();
    const sources = new Map<string, { nome: string; autoria: string; total: number }>();
    for (const thought of this.all().reverse()) {
      const known = authors.get(authorKey(thought.autoria)) ?? { nome: thought.autoria, total: 0 };
      authors.set(authorKey(thought.autoria), { ...known, total: known.total + 1 });
      if (thought.fonte === "") continue;
      const source = `${thought.fonte}\u0000${authorKey(thought.autoria)}`;
      const seen = sources.get(source) ?? { nome: thought.fonte, autoria: thought.autoria, total: 0 };
      sources.set(source, { ...seen, total: seen.total + 1 });
    }
    const best = <T extends { nome: string; total: number }>(named: T[]) =>
      named
        .map((item) => ({ item, held: words.filter((word) => foldText(item.nome).includes(word)).length }))
        .filter(({ held }) => held > 0)
        .sort(
          (a, b) => b.held - a.held || b.item.total - a.item.total || (a.item.nome < b.item.nome ? -1 : 1),
        )
        .slice(0, 5)
        .map(({ item }) => item);
    return {
      etiquetas: best(this.labels()),
      autorias: best([...authors.values()]),
      fontes: best([...sources.values()]),
    };
  }

  get(id: number): Thought | undefined {
    const thought = this.#thoughts.get(id);
    return thought && { ...thought };
  }

  /** A new thought, dated now as the server dates it, unless an import gives its dates. */
  create(input: ThoughtImport): Thought {
    this.#lastId += 1;
    const now = new Date().toISOString();
    const criadoEm = input.criadoEm ?? now;
    const thought = {
      ...input,
      id: this.#lastId,
      criadoEm,
      atualizadoEm: input.atualizadoEm ?? criadoEm,
      versao: 1,
    };
    this.#thoughts.set(thought.id, thought);
    return { ...thought };
  }

  update(id: number, patch: ThoughtPatch): Thought | undefined {
    const thought = this.#thoughts.get(id);
    if (!thought) return undefined;
    this.#thoughts.set(id, {
      ...thought,
      ...patch,
      id,
      atualizadoEm: new Date().toISOString(),
      versao: thought.versao + 1,
    });
    return this.get(id);
  }

  /** Moves the thought to the trash, as the real DELETE does. */
  remove(id: number, deletedAt = new Date()): boolean {
    const thought = this.#thoughts.get(id);
    if (!thought) return false;
    this.#thoughts.delete(id);
    this.#trash.set(id, { ...thought, excluidoEm: deletedAt.toISOString() });
    return true;
  }

  /** The trash, most recently deleted first, a page at a time. */
  trashPage(page: number, limit: number): { items: TrashedThought[]; total: number } {
    const newestFirst = [...this.#trash.values()].reverse();
    return {
      items: newestFirst.slice((page - 1) * limit, page * limit).map((item) => ({ ...item })),
      total: newestFirst.length,
    };
  }

  /** Back on the wall with its own id; undefined when it is not in the trash. */
  restore(id: number): Thought | undefined {
    const trashed = this.#trash.get(id);
    if (!trashed) return undefined;
    this.#trash.delete(id);
    const { excluidoEm: _deletedAt, ...kept } = trashed;
    // A restore moves the version on, as the server's does.
    const thought = { ...kept, versao: kept.versao + 1 };
    this.#thoughts.set(id, thought);
    return { ...thought };
  }

  /** The labels on the wall with how many thoughts carry each, by key, named as first met (oldest first). */
  labels(): LabelCount[] {
    const counts = new Map<string, LabelCount>();
    for (const thought of this.all().reverse()) {
      for (const label of thought.etiquetas) {
        const known = counts.get(labelKey(label)) ?? { nome: label, total: 0 };
        counts.set(labelKey(label), { ...known, total: known.total + 1 });
      }
    }
    // pt-BR's order, as the server's (labels-read.ts): the keys without accents, then with them.
    const order = (key: string) => `${foldText(key)}\u0000${key}`;
    return [...counts.entries()].sort(([a], [b]) => (order(a) < order(b) ? -1 : 1)).map(([, count]) => count);
  }

  /** Renames a label on every thought, merging with the new name; undefined when none carried it. */
  renameLabel(from: string, to: string): LabelCount | undefined {
    const keys = [labelKey(from), labelKey(to)];
    if (!this.labels().some((count) => labelKey(count.nome) === keys[0])) return undefined;
    this.#relabel((labels) =>
      distinctLabels(labels.map((label) => (keys.includes(labelKey(label)) ? to : label))),
    );
    return this.labels().find((count) => labelKey(count.nome) === keys[1]);
  }

  /** Takes a label off every thought; false when none carried it. */
  removeLabel(name: string): boolean {
    const key = labelKey(name);
    if (!this.labels().some((count) => labelKey(count.nome) === key)) return false;
    this.#relabel((labels) => labels.filter((label) => labelKey(label) !== key));
    return true;
  }

  #relabel(change: (labels: string[]) => string[]): void {
    for (const thought of this.#thoughts.values()) {
      const labels = change(thought.etiquetas);
      if (labels.join("\u0000") === thought.etiquetas.join("\u0000")) continue;
      thought.etiquetas = labels;
      thought.versao += 1;
    }
  }

  deleteForever(id: number): boolean {
    return this.#trash.delete(id);
  }

  /** Every trashed thought gone for good; how many there were. */
  emptyTrash(): number {
    const count = this.#trash.size;
    this.#trash.clear();
    return count;
  }
}

/** Code point order, as the server's sorts compare texts (JS's < compares UTF-16 units). */
function byCodePoints(a: string, b: string): number {
  const [left, right] = [[...a], [...b]];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = (left[i]?.codePointAt(0) ?? 0) - (right[i]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/**
 * json-server's `_sort`/`_order` as the server applies them: key by key, texts by code points (instants
 * in ISO 8601 compare so too), ties ending on the id, oldest first, whatever the direction.
 */
function jsonServerOrder(sort: readonly ThoughtSort[]) {
  return (a: Thought, b: Thought): number => {
    for (const { field, direction } of sort) {
      const [x, y] = [a[field], b[field]];
      const difference =
        typeof x === "number" && typeof y === "number" ? x - y : byCodePoints(String(x), String(y));
      if (difference !== 0) return direction === "asc" ? difference : -difference;
    }
    return a.id - b.id;
  };
}

/**
 * As the server matches a search: every word in the content, the author, the source or the note (one field at
 * a time, never across two), or from three letters on in the name of one of the thought's labels.
 */
function holdsEveryWord(thought: Thought, words: string[]): boolean {
  // The fields the server's search column holds.
  const fields = [thought.conteudo, thought.autoria, thought.fonte, thought.nota].map(foldText);
  return words.every(
    (word) =>
      fields.some((field) => field.includes(word)) ||
      (isIndexedWord(word) && thought.etiquetas.some((label) => foldText(label).includes(word))),
  );
}
