import { describe, expect, it } from "vitest";
import { thoughtInput } from "../../../test-support/thought-factory";
import type { Thought } from "../../domain/contract";
import type { ChangeNotice, LoggedChange, Store } from "../db";
import { type LiveEvent, LiveHub } from "./live-hub";

const thought = (id: number): Thought => ({
  id,
  ...thoughtInput({ conteudo: `Pensamento ${id}` }),
  criadoEm: "2026-11-27T10:00:00.000Z",
  atualizadoEm: "2026-11-27T10:00:00.000Z",
  versao: 1,
});

/** A change log in memory behind the store's face: what the hub reads, and the notices it is given. */
function fakeLog(head: number) {
  const rows: LoggedChange[] = [];
  let notify: (notice?: ChangeNotice) => void = () => {};
  const reads: number[] = [];
  const changes = {
    bounds: async () => ({ head, floor: 0 }),
    after: async (seq: number, limit: number) => {
      reads.push(seq);
      return rows.filter((row) => row.seq > seq).slice(0, limit);
    },
    trim: async () => 0,
    watch: (onChange: (notice?: ChangeNotice) => void) => {
      notify = onChange;
      return { close: async () => {} };
    },
    pollMs: 60_000,
  };
  return {
    store: { changes } as unknown as Store,
    reads,
    /** A commit: its row in the log, then its notice (with the thought, as a one-statement create's). */
    commit(seq: number, { notice = true }: { notice?: boolean } = {}) {
      const row: LoggedChange = { seq, kind: "pensamento", thoughtId: seq, thought: thought(seq) };
      rows.push(row);
      if (notice) notify({ seq, thought: row.thought });
    },
    /** A commit's notice, late. */
    notice(seq: number) {
      notify({ seq, thought: thought(seq) });
    },
  };
}

async function listening(hub: LiveHub) {
  const seen: number[] = [];
  await hub.start();
  hub.add({ deliver: (event: LiveEvent) => seen.push(event.seq) });
  return seen;
}

const settled = async (hub: LiveHub, seq: number) => {
  for (let turn = 0; turn < 100 && hub.head < seq; turn++) await new Promise((r) => setImmediate(r));
};

describe("the live hub", () => {
  it("sends a create its notice carries on at once, without reading the log", async () => {
    const log = fakeLog(4);
    const hub = new LiveHub(log.store);
    const seen = await listening(hub);
    log.commit(5);
    log.commit(6);
    expect(seen).toEqual([5, 6]);
    expect(log.reads).toEqual([]);
    await hub.close();
  });

  it("reads the log when a notice skips a number, so the change before it is sent first", async () => {
    const log = fakeLog(4);
    const hub = new LiveHub(log.store);
    const seen = await listening(hub);
    // 5 committed, its notice lost (a listener that reconnected); 6's notice arrives.
    log.commit(5, { notice: false });
    log.commit(6);
    await settled(hub, 6);
    expect(seen).toEqual([5, 6]);
    expect(log.reads).toEqual([4]);
    await hub.close();
  });

  it("leaves a notice to the read under way, which sends each change once, in order", async () => {
    const log = fakeLog(4);
    const hub = new LiveHub(log.store);
    const seen = await listening(hub);
    // The poll found 5 and reads it; 5's own notice arrives while that read is under way, then 6 commits.
    log.commit(5, { notice: false });
    hub.wake();
    log.notice(5);
    log.commit(6);
    await settled(hub, 6);
    expect(seen).toEqual([5, 6]);
    await hub.close();
  });
});
