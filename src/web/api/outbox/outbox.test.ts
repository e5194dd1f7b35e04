import { describe, expect, it } from "vitest";
import type { Thought } from "../../../domain/contract";
import { createOutbox, type NewEntry, type RunExclusive, type SendAnswer } from "./outbox";
import { memoryStorage } from "./outbox-db";
import type { OutboxEntry, OutboxStorage } from "./outbox-entry";

type Stored = Thought & { versao: number };

/**
 * The server as the contract says (CONTRACT-42): each Idempotency-Key answered once and repeated with its
 * first answer; If-Match checked against the version; 400 for an empty text.
 */
function fakeServer() {
  const thoughts = new Map<number, Stored>();
  const keys = new Map<string, { request: string; answer: SendAnswer }>();
  const writes: { key: string; method: string; path: string }[] = [];
  let nextId = 1;
  const answerOf = (entry: OutboxEntry): SendAnswer => {
    const id = Number(entry.kind === "create" ? Number.NaN : entry.thoughtId);
    const current = thoughts.get(id);
    if (entry.kind !== "create" && !current)
      return { status: 404, body: { error: { code: "not_found", message: "Não encontrado." } } };
    if (current && entry.ifMatch !== undefined && entry.ifMatch !== current.versao) {
      return {
        status: 412,
        body: {
          error: { code: "versao_desatualizada", message: "Este pensamento mudou em outro aparelho." },
          atual: current,
        },
      };
    }
    const body = (entry.body ?? {}) as Partial<Thought>;
    if (body.conteudo !== undefined && body.conteudo.trim() === "") {
      return {
        status: 400,
        body: { error: { code: "validation", message: "O pensamento não pode ficar vazio." } },
      };
    }
    if (entry.kind === "create") {
      const thought = { ...(body as Thought), id: nextId++, versao: 1 };
      thoughts.set(thought.id, thought);
      return { status: 201, body: thought };
    }
    if (entry.kind === "delete" && current) {
      thoughts.delete(current.id);
      return { status: 204, body: undefined };
    }
    const changed = { ...(current as Stored), ...body, id, versao: (current as Stored).versao + 1 };
    thoughts.set(id, changed);
    return { status: 200, body: changed };
  };
  return {
    thoughts,
    writes,
    /** The server's side of one request: a repeat of a key gets the first answer, nothing written. */
    receive(entry: OutboxEntry): SendAnswer {
      const request = JSON.stringify([entry.method, entry.kind, entry.thoughtId, entry.body]);
      const seen = keys.get(entry.key);
      if (seen) {
        return seen.request === request
          ? seen.answer
          : { status: 422, body: { error: { code: "chave_reutilizada", message: "Chave reutilizada." } } };
      }
      const answer = answerOf(entry);
      keys.set(entry.key, { request, answer });
      writes.push({ key: entry.key, method: entry.method, path: String(entry.thoughtId) });
      return answer;
    },
  };
}

/** An outbox over memory, whose retries wait for the test to call drain() again. */
function outboxOver(
  server: ReturnType<typeof fakeServer>,
  options: {
    storage?: OutboxStorage;
    exclusive?: RunExclusive;
    drop?: (entry: OutboxEntry) => "before" | "after" | undefined;
  } = {},
) {
  const storage = options.storage ?? memoryStorage();
  const tries: OutboxEntry[] = [];
  const sent: OutboxEntry[] = [];
  const outbox = createOutbox({
    storage,
    send: async (entry) => {
      tries.push(entry);
      const drop = options.drop?.(entry);
      if (drop === "before") throw new TypeError("Failed to fetch");
      const answer = server.receive(entry);
      // The server wrote it, and the answer is lost on the way back.
      if (drop === "after") throw new TypeError("network error");
      return answer;
    },
    later: () => undefined,
    onSent: (entry) => sent.push(entry),
    ...(options.exclusive ? { exclusive: options.exclusive } : {}),
  });
  return { outbox, storage, tries, sent };
}

const create = (conteudo: string, thoughtId = -1): NewEntry => ({
  kind: "create",
  method: "POST",
  thoughtId,
  body: { conteudo, autoria: "Ana", modelo: "modelo1", favorito: false },
});

describe("the outbox", () => {
  it("sends what waits in the order it was made, each with its own key, and empties itself", async () => {
    const server = fakeServer();
    const { outbox, tries } = outboxOver(server);
    await outbox.enqueue(create("primeiro", -1));
    await outbox.enqueue(create("segundo", -2));
    await outbox.enqueue(create("terceiro", -3));
    await outbox.drain();
    expect([...server.thoughts.values()].map((t) => t.conteudo)).toEqual(["primeiro", "segundo", "terceiro"]);
    expect(new Set(tries.map((entry) => entry.key)).size).toBe(3);
    expect(await outbox.entries()).toEqual([]);
  });

  it("keeps an entry's Idempotency-Key and body across retries: an answer lost after the write writes nothing twice", async () => {
    const server = fakeServer();
    let lose = true;
    const { outbox, tries } = outboxOver(server, {
      drop: () => {
        if (!lose) return undefined;
        lose = false;
        return "after";
      },
    });
    await outbox.enqueue(create("uma vez só"));
    await outbox.drain();
    // The server wrote it, the client does not know: it still waits, tried once.
    expect(server.thoughts.size).toBe(1);
    const [waiting] = await outbox.entries();
    expect(waiting).toMatchObject({ state: "waiting", tries: 1 });

    await outbox.drain();
    expect(tries).toHaveLength(2);
    expect(tries[1]?.key).toBe(tries[0]?.key);
    expect(tries[1]?.body).toEqual(tries[0]?.body);
    expect(server.thoughts.size).toBe(1);
    expect(server.writes).toHaveLength(1);
    expect(await outbox.entries()).toEqual([]);
  });

  it("stops at a connection that drops in the middle of sending, and goes on from there, in order, when asked again", async () => {
    const server = fakeServer();
    let count = 0;
    const { outbox } = outboxOver(server, {
      drop: () => {
        count += 1;
        return count === 3 ? "before" : undefined;
      },
    });
    for (const [index, text] of ["a", "b", "c", "d"].entries())
      await outbox.enqueue(create(text, -(index + 1)));
    await outbox.drain();
    expect([...server.thoughts.values()].map((t) => t.conteudo)).toEqual(["a", "b"]);
    expect(await outbox.entries()).toHaveLength(2);
    await outbox.drain();
    expect([...server.thoughts.values()].map((t) => t.conteudo)).toEqual(["a", "b", "c", "d"]);
  });

  it("sends 200 writes with the connection dropping before and after the server's write: 0 lost, 0 written twice", async () => {
    const server = fakeServer();
    let n = 0;
    const { outbox } = outboxOver(server, {
      drop: () => {
        n += 1;
        return n % 7 === 0 ? "after" : n % 11 === 0 ? "before" : undefined;
      },
    });
    for (let index = 0; index < 200; index += 1)
      await outbox.enqueue(create(`pensamento ${index}`, -(index + 1)));
    let rounds = 0;
    while ((await outbox.entries()).length > 0 && rounds < 1_000) {
      await outbox.drain();
      rounds += 1;
    }
    const texts = [...server.thoughts.values()].map((t) => t.conteudo);
    expect(texts).toHaveLength(200);
    expect(texts).toEqual(Array.from({ length: 200 }, (_, index) => `pensamento ${index}`));
    expect(server.writes).toHaveLength(200);
  }, 60_000);

  it("keeps a write the server refuses (400) with the server's message, sends the others, and holds that thought's later writes", async () => {
    const server = fakeServer();
    const { outbox } = outboxOver(server);
    await outbox.enqueue(create("existe", -1));
    await outbox.drain();
    const [existing] = [...server.thoughts.values()];
    const id = existing?.id ?? 0;
    await outbox.enqueue({
      kind: "edit",
      method: "PUT",
      thoughtId: id,
      body: { conteudo: "  " },
      ifMatch: 1,
    });
    await outbox.enqueue({
      kind: "favorite",
      method: "PATCH",
      thoughtId: id,
      body: { favorito: true },
      ifMatch: 1,
    });
    await outbox.enqueue(create("outro", -2));
    await outbox.drain();

    const entries = await outbox.entries();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      kind: "edit",
      state: "refused",
      message: "O pensamento não pode ficar vazio.",
    });
    // Behind the refused edit of the same thought: not sent before the user decides.
    expect(entries[1]).toMatchObject({ kind: "favorite", state: "waiting", tries: 0 });
    expect([...server.thoughts.values()].map((t) => t.conteudo)).toEqual(["existe", "outro"]);

    // Kept across more tries: a refusal is not retried by itself.
    await outbox.drain();
    expect(await outbox.entries()).toHaveLength(2);

    // The user edits it again: the fix replaces the refused entry, and both go.
    await outbox.enqueue({
      kind: "edit",
      method: "PUT",
      thoughtId: id,
      body: { conteudo: "corrigido" },
      ifMatch: 1,
    });
    await outbox.drain();
    expect(await outbox.entries()).toEqual([]);
    expect(server.thoughts.get(id)).toMatchObject({ conteudo: "corrigido", favorito: true, versao: 3 });
  });

  it("drops a refused entry the user discards, and then sends what it held", async () => {
    const server = fakeServer();
    const { outbox } = outboxOver(server);
    await outbox.enqueue(create("vazio não", -1));
    await outbox.drain();
    const id = [...server.thoughts.keys()][0] ?? 0;
    await outbox.enqueue({ kind: "edit", method: "PUT", thoughtId: id, body: { conteudo: "" } });
    await outbox.enqueue({ kind: "favorite", method: "PATCH", thoughtId: id, body: { favorito: true } });
    await outbox.drain();
    const [refused] = await outbox.entries();
    await outbox.discard(refused?.seq ?? 0);
    await outbox.drain();
    expect(await outbox.entries()).toEqual([]);
    expect(server.thoughts.get(id)).toMatchObject({ conteudo: "vazio não", favorito: true });
  });

  it("keeps a stale write (412) as a conflict with the server's thought, for the user's choice", async () => {
    const server = fakeServer();
    const { outbox } = outboxOver(server);
    await outbox.enqueue(create("original", -1));
    await outbox.drain();
    const id = [...server.thoughts.keys()][0] ?? 0;
    // Another device edits it meanwhile.
    server.thoughts.set(id, { ...(server.thoughts.get(id) as Stored), conteudo: "do outro", versao: 2 });
    await outbox.enqueue({
      kind: "edit",
      method: "PUT",
      thoughtId: id,
      body: { conteudo: "o meu" },
      ifMatch: 1,
    });
    await outbox.drain();
    const [conflict] = await outbox.entries();
    expect(conflict).toMatchObject({
      state: "conflict",
      message: "Este pensamento mudou em outro aparelho.",
    });
    expect(conflict?.current).toMatchObject({ id, conteudo: "do outro", versao: 2 });
    expect(server.thoughts.get(id)?.conteudo).toBe("do outro");
  });

  it("sends a thought's later writes with the version its earlier one produced, and to the id its offline create was given", async () => {
    const server = fakeServer();
    let first = true;
    const { outbox } = outboxOver(server, {
      // The create went out once online and its answer was lost: it is no longer merged with the edit.
      drop: () => {
        if (!first) return undefined;
        first = false;
        return "before";
      },
    });
    await outbox.enqueue(create("novo", -5));
    await outbox.drain();
    await outbox.enqueue({ kind: "edit", method: "PUT", thoughtId: -5, body: { conteudo: "novo, editado" } });
    await outbox.enqueue({ kind: "favorite", method: "PATCH", thoughtId: -5, body: { favorito: true } });
    await outbox.enqueue({ kind: "favorite", method: "PATCH", thoughtId: -5, body: { favorito: false } });
    await outbox.drain();
    expect(await outbox.entries()).toEqual([]);
    expect([...server.thoughts.values()]).toEqual([
      expect.objectContaining({ conteudo: "novo, editado", favorito: false, versao: 4 }),
    ]);
  });

  it("folds an edit of a thought created offline into its create while the create never went out", async () => {
    const server = fakeServer();
    const { outbox } = outboxOver(server);
    await outbox.enqueue(create("rascunho", -9));
    await outbox.enqueue({
      kind: "edit",
      method: "PUT",
      thoughtId: -9,
      body: { id: -9, conteudo: "passado a limpo", criadoEm: "2026-01-01T00:00:00.000Z" },
    });
    expect(await outbox.entries()).toHaveLength(1);
    await outbox.drain();
    const [thought] = [...server.thoughts.values()];
    expect(thought).toMatchObject({ conteudo: "passado a limpo", autoria: "Ana", id: 1 });
    expect(thought?.criadoEm).toBeUndefined();
  });

  it("forgets a thought created offline and deleted before it was ever sent, with what waited for it", async () => {
    const server = fakeServer();
    const { outbox } = outboxOver(server);
    await outbox.enqueue(create("arrependido", -3));
    await outbox.enqueue({ kind: "delete", method: "DELETE", thoughtId: -3 });
    await outbox.drain();
    expect(await outbox.entries()).toEqual([]);
    expect(server.writes).toEqual([]);
  });

  it("never sends an entry twice when two tabs drain the same outbox at once (a lock)", async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    let held: Promise<void> = Promise.resolve();
    const lock: RunExclusive = (work) => {
      const run = held.then(work);
      held = run.catch(() => undefined);
      return run;
    };
    const one = outboxOver(server, { storage, exclusive: lock });
    const two = outboxOver(server, { storage, exclusive: lock });
    for (let index = 0; index < 20; index += 1) await one.outbox.enqueue(create(`t${index}`, -(index + 1)));
    await Promise.all([one.outbox.drain(), two.outbox.drain(), one.outbox.drain()]);
    expect(server.thoughts.size).toBe(20);
    expect(one.tries.length + two.tries.length).toBe(20);
  });

  it("takes a 404 on a delete as done and on an edit as refused, with words for it", async () => {
    const server = fakeServer();
    const { outbox } = outboxOver(server);
    await outbox.enqueue({ kind: "delete", method: "DELETE", thoughtId: 77 });
    await outbox.enqueue({ kind: "edit", method: "PUT", thoughtId: 78, body: { conteudo: "x" } });
    await outbox.drain();
    const entries = await outbox.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "edit",
      state: "refused",
      message: "Este pensamento não existe mais: foi excluído em outro aparelho.",
    });
  });

  it("waits, and keeps everything, while the server cannot answer (5xx, a key still in use)", async () => {
    const storage = memoryStorage();
    let status = 503;
    const retries: number[] = [];
    const outbox = createOutbox({
      storage,
      send: async () => ({ status, body: undefined }),
      later: (_run, ms) => retries.push(ms),
    });
    await outbox.enqueue(create("espera", -1));
    await outbox.drain();
    status = 409;
    await outbox.drain();
    expect(await outbox.entries()).toHaveLength(1);
    expect(retries.length).toBeGreaterThan(0);
    status = 201;
    await outbox.drain();
    expect(await outbox.entries()).toEqual([]);
  });
});

describe("a conflict's choice", () => {
  async function conflicted() {
    const server = fakeServer();
    const { outbox } = outboxOver(server);
    await outbox.enqueue(create("original", -1));
    await outbox.drain();
    const id = [...server.thoughts.keys()][0] ?? 0;
    const theirs = { ...(server.thoughts.get(id) as Stored), conteudo: "do outro", versao: 2 };
    server.thoughts.set(id, theirs);
    const mine = { ...theirs, conteudo: "o meu", versao: 1 };
    await outbox.enqueue({ kind: "edit", method: "PUT", thoughtId: id, body: mine, shown: mine, ifMatch: 1 });
    await outbox.drain();
    const [conflict] = await outbox.entries();
    return { server, outbox, id, seq: conflict?.seq ?? 0 };
  }

  it("'mine' sends the user's text over the server's version", async () => {
    const { server, outbox, id, seq } = await conflicted();
    await outbox.resolve(seq, "mine");
    await outbox.drain();
    expect(await outbox.entries()).toEqual([]);
    expect(server.thoughts.get(id)).toMatchObject({ conteudo: "o meu", versao: 3 });
  });

  it("'theirs' drops the user's write", async () => {
    const { server, outbox, id, seq } = await conflicted();
    await outbox.resolve(seq, "theirs");
    await outbox.drain();
    expect(await outbox.entries()).toEqual([]);
    expect(server.thoughts.get(id)).toMatchObject({ conteudo: "do outro", versao: 2 });
  });

  it("'both' keeps the server's thought and saves the user's text as a new one", async () => {
    const { server, outbox, id, seq } = await conflicted();
    await outbox.resolve(seq, "both");
    await outbox.drain();
    expect(await outbox.entries()).toEqual([]);
    expect([...server.thoughts.values()].map((t) => [t.id === id, t.conteudo])).toEqual([
      [true, "do outro"],
      [false, "o meu"],
    ]);
  });
});
