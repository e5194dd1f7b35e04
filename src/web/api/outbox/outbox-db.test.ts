import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { createOutbox } from "./outbox";
import { indexedDbStorage } from "./outbox-db";

const entry = (conteudo: string) => ({
  kind: "create" as const,
  method: "POST" as const,
  thoughtId: -1,
  body: { conteudo },
});

/** More than ten, so an order kept as text ("10" before "2") would show. */
const ELEVEN = ["um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze"];

describe("the outbox in IndexedDB", () => {
  it("gives the entries back in the order they were made, to a page loaded later (a reload, a tab opened again)", async () => {
    const name = `outbox-${Math.random()}`;
    const before = createOutbox({
      storage: indexedDbStorage(name),
      send: async () => ({ status: 503, body: undefined }),
      later: () => undefined,
    });
    for (const text of ELEVEN) {
      await before.enqueue(entry(text));
    }
    // The first try fails (503): its try is written down before it goes, with its key.
    await before.drain();
    const kept = await before.entries();

    const after = indexedDbStorage(name);
    const entries = await after.all();
    expect(entries.map((stored) => (stored.body as { conteudo: string }).conteudo)).toEqual(ELEVEN);
    expect(entries[0]).toMatchObject({ tries: 1, key: kept[0]?.key, state: "waiting" });
    expect(entries[0]?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(entries.map((stored) => stored.key)).size).toBe(11);
  });

  it("writes and removes entries by their place in the order", async () => {
    const storage = indexedDbStorage(`outbox-${Math.random()}`);
    const first = await storage.add({ ...entry("a"), key: "k1", at: 1, tries: 0, state: "waiting" });
    const second = await storage.add({ ...entry("b"), key: "k2", at: 2, tries: 0, state: "waiting" });
    expect(second.seq).toBeGreaterThan(first.seq);
    await storage.put({ ...first, state: "refused", message: "Não." });
    await storage.remove(second.seq);
    expect(await storage.all()).toEqual([{ ...first, state: "refused", message: "Não." }]);
  });
});
