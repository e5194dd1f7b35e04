import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import type { ThoughtImport } from "../../../domain/thought";
import { postgresThoughts } from "../postgres/thoughts.postgres";
import { sqliteThoughts } from "../sqlite/thoughts.sqlite";
import { allThoughts } from "../testing";
import { chunkedInserts } from "./insert-chunks";

/** A thought the table's CHECK on `modelo` refuses: only the database can fail it, as a chunk is written. */
const refused = (conteudo: string): ThoughtImport =>
  ({ ...thoughtInput({ conteudo }), modelo: "modelo9" }) as unknown as ThoughtImport;

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`chunked inserts on ${name}`, () => {
    let test: TestStore;
    const dialect = name === "sqlite" ? sqliteThoughts : postgresThoughts;

    beforeAll(async () => {
      test = await openTestStore(name);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("writes every chunk in the order added, labels included, while the next one is gathered", async () => {
      const { store } = test;
      const inputs = Array.from({ length: 11 }, (_, n) =>
        thoughtInput({ conteudo: `Em lote ${n}`, etiquetas: n % 3 === 0 ? ["lote"] : [] }),
      );
      await store.db.transaction().execute(async (trx) => {
        const inserts = chunkedInserts(trx, dialect, { rowsPerStatement: 3 });
        for (const input of inputs) await inserts.add(input);
        await inserts.end();
      });
      const stored = await allThoughts(store);
      expect(stored.map((thought) => thought.conteudo)).toEqual(inputs.map((input) => input.conteudo));
      expect(stored.map((thought) => thought.etiquetas)).toEqual(inputs.map((input) => input.etiquetas));
      const labels = await store.db.selectFrom("thought_labels").select("thought_id").execute();
      expect(labels).toHaveLength(4);
    });

    /** Runs `work`, then gives a rejection nobody handled one turn of the loop to be reported; returns those. */
    async function unhandledDuring(work: () => Promise<void>): Promise<unknown[]> {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on("unhandledRejection", onUnhandled);
      try {
        await work();
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off("unhandledRejection", onUnhandled);
      }
      return unhandled;
    }

    it("throws a chunk's failure at the next chunk or at the end, and nothing stays", async () => {
      const { store } = test;
      const before = (await allThoughts(store)).length;
      const inputs = [
        thoughtInput({ conteudo: "Antes da falha" }),
        refused("Recusado pelo banco"),
        thoughtInput({ conteudo: "Depois da falha" }),
      ];
      const unhandled = await unhandledDuring(async () => {
        const writing = store.db.transaction().execute(async (trx) => {
          const inserts = chunkedInserts(trx, dialect, { rowsPerStatement: 2 });
          for (const input of inputs) await inserts.add(input);
          await inserts.end();
        });
        await expect(writing).rejects.toThrow(/modelo|check/i);
      });
      expect(unhandled).toEqual([]);
      expect((await allThoughts(store)).length).toBe(before);
    });

    it("leaves no rejection unhandled when the caller fails while a failing chunk is in flight", async () => {
      const { store } = test;
      const before = (await allThoughts(store)).length;
      const unhandled = await unhandledDuring(async () => {
        const writing = store.db.transaction().execute(async (trx) => {
          const inserts = chunkedInserts(trx, dialect, { rowsPerStatement: 2 });
          await inserts.add(thoughtInput({ conteudo: "Antes da falha" }));
          await inserts.add(refused("Recusado pelo banco"));
          // The file's reader fails here, and the import never reaches `end`.
          throw new Error("O arquivo terminou no meio de um pensamento.");
        });
        await expect(writing).rejects.toThrow("O arquivo terminou");
      });
      expect(unhandled).toEqual([]);
      expect((await allThoughts(store)).length).toBe(before);
    });
  });
}
