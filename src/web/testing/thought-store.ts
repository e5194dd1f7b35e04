import type { Thought, TrashedThought } from "../../domain/contract";
import type { LabelCount } from "../../domain/contract-schemas";
import { distinctLabels, labelKey } from "../../domain/labels";
import { authorKey, foldText } from "../../domain/search-text";
import type { ThoughtInput, ThoughtPatch } from "../../domain/thought";
import type { ThoughtListQuery, ThoughtPage } from "../../domain/thought-list";

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
  list({ page, limit, after, search, favorite, label, author }: ThoughtListQuery): ThoughtPage {
    const folded = search === undefined ? undefined : foldText(search);
    const matching = this.all()
      .filter((thought) => favorite === undefined || thought.favorito === favorite)
      .filter(
        (thought) =>
          label === undefined ||
          // Without accents, as the server's filter (list-filter.ts).
          thought.etiquetas.some((typed) => foldText(labelKey(typed)) === foldText(label)),
      )
      .filter((thought) => author === undefined || authorKey(thought.autoria) === author)
      // Within one field: a search never spans the end of the content and the start of the author.
      .filter(
        (thought) =>
          folded === undefined ||
          foldText(thought.conteudo).includes(folded) ||
          foldText(thought.autoria).includes(folded),
      );
    if (after === undefined) {
      return { items: matching.slice((page - 1) * limit, page * limit), total: matching.length };
    }
    const older = matching.filter((thought) => thought.id < after);
    return { items: older.slice(0, limit), total: matching.length, hasMore: older.length > limit };
  }

  get(id: number): Thought | undefined {
    const thought = this.#thoughts.get(id);
    return thought && { ...thought };
  }

  create(input: ThoughtInput): Thought {
    this.#lastId += 1;
    const thought = { ...input, id: this.#lastId };
    this.#thoughts.set(thought.id, thought);
    return { ...thought };
  }

  update(id: number, patch: ThoughtPatch): Thought | undefined {
    const thought = this.#thoughts.get(id);
    if (!thought) return undefined;
    this.#thoughts.set(id, { ...thought, ...patch, id });
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
    const { excluidoEm: _deletedAt, ...thought } = trashed;
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
    for (const thought of this.#thoughts.values()) thought.etiquetas = change(thought.etiquetas);
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
