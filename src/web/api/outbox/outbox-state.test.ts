import { describe, expect, it } from "vitest";
import { makeThought } from "../../testing/make-thought";
import type { OutboxEntry } from "./outbox-entry";
import { withOutbox } from "./outbox-overlay";

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

  it("changes nothing when nothing waits", () => {
    const list = [makeThought({ id: 1 })];
    expect(withOutbox(list, [], true)).toEqual({ thoughts: list, marks: new Map() });
  });
});
