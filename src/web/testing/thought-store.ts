import type { Thought, TrashedThought } from "../../domain/contract";
import { foldText } from "../../domain/search-text";
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
  list({ page, limit, after, search, favorite }: ThoughtListQuery): ThoughtPage {
    const folded = search === undefined ? undefined : foldText(search);
    const matching = this.all()
      .filter((thought) => favorite === undefined || thought.favorito === favorite)
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

  replace(id: number, input: ThoughtInput): Thought | undefined {
    if (!this.#thoughts.has(id)) return undefined;
    this.#thoughts.set(id, { ...input, id });
    return this.get(id);
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

  deleteForever(id: number): boolean {
    return this.#trash.delete(id);
  }
}
