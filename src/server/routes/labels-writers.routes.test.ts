import { sql } from "kysely";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiClient } from "../../../test-support/server/api-client";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { apiPaths, type Thought } from "../../domain/contract";
import { labelKey } from "../../domain/labels";
import { messages } from "../../domain/messages";
import type { Store } from "../db";
import { deadlockingLabels } from "../db/testing";

/** The same names in several cases, so renames merge, change only case, and meet edits of the same label. */
const NAMES = ["Mar", "mar", "MAR", "Céu", "céu", "Poesia", "poesia", "Poema", "Amor", "Ideia"];
const WRITERS = 8;
const OPERATIONS_PER_WRITER = 30;

/** A small seeded generator, so a failing mix can be run again as it was. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const labels = () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(NAMES));
  return { next, pick, labels };
}

/** Every thought's labels, its index rows and the counts, as the database holds them. */
async function labelState(store: Store) {
  const thoughts = await store.db.selectFrom("thoughts").select(["id", "etiquetas"]).orderBy("id").execute();
  const rows = await store.db
    .selectFrom("thought_labels")
    .select(["thought_id", "key", "label"])
    .orderBy("thought_id")
    .orderBy("key")
    .execute();
  const counts = await store.db
    .selectFrom("labels")
    .select(["key", "label", "total"])
    .orderBy("key")
    .execute();
  return { thoughts, rows, counts };
}

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`labels renamed and deleted among other writers on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.db.deleteFrom("trash").execute();
      await suite.test.store.db.deleteFrom("thoughts").execute();
    });

    const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
      suite.api.call({ method, url, ...(payload ? { payload } : {}) });

    it("answers 503 with Retry-After when a rename or a deletion meets other writers on every try, and changes nothing", async () => {
      const kept = await call("POST", apiPaths.thoughts, {
        conteudo: "Um",
        autoria: "Alguém",
        etiquetas: ["Mar"],
      });
      const crossed = await apiClient({
        ...suite.test.store,
        labels: deadlockingLabels(suite.test.store, 8),
      });
      try {
        for (const response of [
          await crossed.call({ method: "PATCH", url: apiPaths.label("mar"), payload: { nome: "Céu" } }),
          await crossed.call({ method: "DELETE", url: apiPaths.label("mar") }),
        ]) {
          expect(response.statusCode).toBe(503);
          expect(response.headers["retry-after"]).toBe("1");
          expect(response.json()).toEqual({
            error: { code: "unavailable", message: messages.writeConflict },
          });
        }
      } finally {
        await crossed.app.close();
      }
      expect((await call("GET", apiPaths.thought((kept.json() as Thought).id))).json().etiquetas).toEqual([
        "Mar",
      ]);
      expect((await call("GET", apiPaths.labels)).json()).toEqual([{ nome: "Mar", total: 1 }]);
    });

    if (name === "postgres") {
      it("answers 404 when the label's last thought left while the rename waited for it", async () => {
        const only = (
          await call("POST", apiPaths.thoughts, { conteudo: "Um", autoria: "Alguém", etiquetas: ["Efêmera"] })
        ).json() as Thought;
        let holder = 0;
        let release = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        const holding = suite.test.store.db.transaction().execute(async (trx) => {
          await trx.deleteFrom("thoughts").where("id", "=", only.id).execute();
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
          holder = Number(rows[0]?.pid);
          await released;
        });
        await vi.waitFor(() => expect(holder).toBeGreaterThan(0));
        const renaming = call("PATCH", apiPaths.label("efêmera"), { nome: "Durável" });
        await vi.waitFor(
          async () => {
            const { rows } = await sql<{ waiting: string }>`
              SELECT count(*) AS waiting FROM pg_stat_activity WHERE ${holder} = ANY(pg_blocking_pids(pid))`.execute(
              suite.test.store.db,
            );
            expect(Number(rows[0]?.waiting)).toBe(1);
          },
          { timeout: 10_000 },
        );
        release();
        await holding;
        const renamed = await renaming;
        expect(renamed.statusCode).toBe(404);
        expect(renamed.json()).toEqual({ error: { code: "not_found", message: "Etiqueta não encontrada." } });
        expect((await call("GET", apiPaths.labels)).json()).toEqual([]);
      });
    }

    it("answers no 500 while 8 writers create, edit, rename, delete labels, trash and restore, and the labels stay consistent", async () => {
      const seed = randomFrom(44);
      const onWall: number[] = [];
      for (let n = 0; n < 40; n++) {
        const created = await call("POST", apiPaths.thoughts, {
          conteudo: `Pensamento ${n}`,
          autoria: "Alguém",
          etiquetas: seed.labels(),
        });
        onWall.push((created.json() as Thought).id);
      }
      const trashed: number[] = [];
      const answers: { operation: string; status: number; retryAfter?: string }[] = [];

      const writer = async (index: number) => {
        const random = randomFrom(1_000 + index);
        for (let n = 0; n < OPERATIONS_PER_WRITER; n++) {
          const roll = random.next();
          const id = random.pick(onWall.length > 0 ? onWall : [0]);
          const [operation, response] =
            roll < 0.3
              ? [
                  "rename",
                  await call("PATCH", apiPaths.label(random.pick(NAMES)), { nome: random.pick(NAMES) }),
                ]
              : roll < 0.4
                ? ["delete label", await call("DELETE", apiPaths.label(random.pick(NAMES)))]
                : roll < 0.55
                  ? [
                      "create",
                      await call("POST", apiPaths.thoughts, {
                        conteudo: `Novo ${index}-${n}`,
                        autoria: "Alguém",
                        etiquetas: random.labels(),
                      }),
                    ]
                  : roll < 0.75
                    ? ["edit", await call("PATCH", apiPaths.thought(id), { etiquetas: random.labels() })]
                    : roll < 0.88
                      ? ["trash", await call("DELETE", apiPaths.thought(id))]
                      : [
                          "restore",
                          await call(
                            "POST",
                            apiPaths.restore(random.pick(trashed.length > 0 ? trashed : [0])),
                          ),
                        ];
          const retryAfter = response.headers["retry-after"];
          answers.push({
            operation,
            status: response.statusCode,
            ...(retryAfter ? { retryAfter: String(retryAfter) } : {}),
          });
          if (operation === "create" && response.statusCode === 201)
            onWall.push((response.json() as Thought).id);
          if (operation === "trash" && response.statusCode === 204) trashed.push(id);
          if (operation === "restore" && response.statusCode === 200)
            onWall.push((response.json() as Thought).id);
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));

      expect(answers).toHaveLength(WRITERS * OPERATIONS_PER_WRITER);
      expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
      expect(answers.filter((answer) => answer.status === 503 && !answer.retryAfter)).toEqual([]);
      expect(
        answers.filter((answer) => answer.operation === "rename" && answer.status === 200).length,
      ).toBeGreaterThan(0);

      const { thoughts, rows, counts } = await labelState(suite.test.store);
      const expectedRows = thoughts.flatMap((thought) =>
        (JSON.parse(thought.etiquetas) as string[]).map((label) => ({
          thought_id: Number(thought.id),
          key: labelKey(label),
          label,
        })),
      );
      const byThoughtAndKey = (
        a: { thought_id: number; key: string },
        b: { thought_id: number; key: string },
      ) => a.thought_id - b.thought_id || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
      expect(
        rows.map((row) => ({ ...row, thought_id: Number(row.thought_id) })).sort(byThoughtAndKey),
      ).toEqual(expectedRows.sort(byThoughtAndKey));
      const totals = new Map<string, number>();
      for (const row of rows) totals.set(row.key, (totals.get(row.key) ?? 0) + 1);
      expect(counts.map((count) => [count.key, Number(count.total)])).toEqual(
        [...totals].sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      for (const count of counts) expect(labelKey(count.label)).toBe(count.key);
      // Each label write on SQLite starts a worker thread: up to half a second each on a loaded 2-core machine.
    }, 60_000);
  });
}
