import { describe, expect, it } from "vitest";
import { makeThought } from "../../testing/make-thought";
import type { OutboxEntry } from "./outbox-entry";
import { type SentWrite, withOutbox } from "./outbox-overlay";

const entry = (fields: Partial<OutboxEntry> & Pick<OutboxEntry, "kind" | "thoughtId">): OutboxEntry => ({
  key: `k${fields.thoughtId}${fields.kind}`,
  method: "PUT",
  at: 0,
  tries: 0,
  state: "waiting",
  ...fields,
});

describe("a view's cards with the writes that wait", () => {
  it("draws each card as the user left it, marks it, and puts the thoughts created offline first on the whole wall", () => {
    const one = makeThought({ id: 1, conteudo: "um" });
    const two = makeThought({ id: 2, conteudo: "dois" });
    const created = makeThought({ id: -5, conteudo: "novo" });
    const entries = [
      entry({ kind: "edit", thoughtId: 2, shown: { ...two, conteudo: "dois, editado" } }),
      entry({ kind: "create", thoughtId: -5, shown: created }),
      entry({
        kind: "favorite",
        thoughtId: 1,
        shown: { ...one, favorito: true },
        state: "refused",
        message: "Não.",
      }),
      entry({ kind: "favorite", thoughtId: 1, shown: { ...one, favorito: false } }),
    ];
    const { thoughts, marks } = withOutbox([two, one], entries, true);
    expect(thoughts.map((t) => [t.id, t.conteudo, t.favorito])).toEqual([
      [-5, "novo", false],
      [2, "dois, editado", false],
      [1, "um", false],
    ]);
    expect(marks.get(2)).toMatchObject({ state: "waiting", kind: "edit" });
    // The refused write is what the card says, though another waits behind it.
    expect(marks.get(1)).toMatchObject({ state: "refused", message: "Não." });
    expect(withOutbox([two, one], entries, false).thoughts.map((t) => t.id)).toEqual([2, 1]);
  });

  it("draws the writes sent until the list is read again: the answer over an older copy, a deleted card left out, a new one on top", () => {
    const one = makeThought({ id: 1, conteudo: "um", versao: 1 });
    const two = makeThought({ id: 2, conteudo: "dois", versao: 3 });
    const three = makeThought({ id: 3, conteudo: "três" });
    const created = makeThought({ id: 9, conteudo: "novo", versao: 2 });
    const sent: SentWrite[] = [
      { key: "a", kind: "create", thoughtId: 9, thought: { ...created, versao: 1 } },
      { key: "b", kind: "edit", thoughtId: 1, thought: { ...one, conteudo: "um, editado", versao: 2 } },
      // Read after this answer, or changed since on another device: the list's copy is newer.
      { key: "c", kind: "edit", thoughtId: 2, thought: { ...two, conteudo: "dois, antes", versao: 2 } },
      { key: "d", kind: "delete", thoughtId: 3 },
      // The new thought edited here before the lists were read again: drawn as last answered.
      { key: "e", kind: "edit", thoughtId: 9, thought: created },
    ];
    // The create's entry, in the moment before the outbox lets it go, is not drawn a second time.
    const entries = [entry({ kind: "create", thoughtId: -4, key: "a", shown: makeThought({ id: -4 }) })];
    const drawn = withOutbox([one, two, three], entries, true, sent);
    expect(drawn.thoughts.map((t) => [t.id, t.conteudo])).toEqual([
      [9, "novo"],
      [1, "um, editado"],
      [2, "dois"],
    ]);
    expect(drawn.marks.size).toBe(0);
    // Once the list has the new thought, it is drawn from the list, once; away from the whole wall, never added.
    const read = withOutbox([{ ...created, versao: 2 }, one, two], [], true, sent);
    expect(read.thoughts.map((t) => t.id)).toEqual([9, 1, 2]);
    expect(withOutbox([one, two, three], [], false, sent).thoughts.map((t) => t.id)).toEqual([1, 2]);
    // Deleted at its version 4, and restored since (the restore moves the version): drawn again.
    const deletedAt = [{ key: "f", kind: "delete", thoughtId: 3, deleted: 4 }] satisfies SentWrite[];
    expect(withOutbox([{ ...three, versao: 4 }], [], true, deletedAt).thoughts).toEqual([]);
    expect(withOutbox([{ ...three, versao: 5 }], [], true, deletedAt).thoughts.map((t) => t.id)).toEqual([3]);
  });

  it("changes nothing when nothing waits", () => {
    const list = [makeThought({ id: 1 })];
    expect(withOutbox(list, [], true)).toEqual({ thoughts: list, marks: new Map() });
  });
});
