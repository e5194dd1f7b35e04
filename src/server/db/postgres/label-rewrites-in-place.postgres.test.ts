import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openTestStore, testDatabaseUrl, testDialects } from "../../../../test-support/server/test-stores";
import { migrateToLatest } from "../migrations/migrate";
import type { Database } from "../schema";
import { renameLabel } from "../thoughts/label-rewrites";
import { postgresThoughts } from "./thoughts.postgres";

const postgres = testDialects().find((dialect) => dialect.name === "postgres");

/** Enough thoughts of about 300 bytes to fill a dozen pages of 8 KiB. */
const THOUGHTS = 400;

/** The other sessions holding a snapshot, in this database or in any. */
async function snapshotHolders(db: Kysely<Database>, where: "here" | "anywhere") {
  const { rows } = await sql<{ datname: string; backend_type: string; state: string }>`
    SELECT datname, backend_type, state FROM pg_stat_activity
    WHERE backend_xmin IS NOT NULL AND pid <> pg_backend_pid()
      AND (${where === "anywhere"} OR datname = current_database())`.execute(db);
  return rows;
}

/** Looks every 20 ms until `ok`; fails after 10 s. */
async function until(ok: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error("another session held its snapshot for 10 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!postgres?.available)("label rewrites on PostgreSQL", () => {
  it("rewrite a thought's labels beside it on its page (HOT), thoughts written before the migration included", async () => {
    // The table as the migration before this one left it, filled as full pages hold: rows added later
    // would find the new setting anyway.
    // In a database of its own: a page is pruned only of versions no open snapshot of its database can
    // still see, and other suites' transactions in the shared test database would hold the old versions.
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    const database = `memoteca_hot_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${database}`;
    const old = await openTestStore("postgres", {
      env: { ...process.env, TEST_DATABASE_URL: url.toString() },
      migrate: (db, dialect, schema) =>
        migrateToLatest(db, dialect, { schema, upTo: "20261127T1300-labels-code-point-order" }),
    }).catch(async (error) => {
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
      await admin.end();
      throw error;
    });
    try {
      const text = "Um pensamento que ocupa seu lugar na página ".repeat(6);
      await sql`INSERT INTO thoughts (conteudo, autoria, modelo, favorito, busca, etiquetas, autoria_chave)
        SELECT ${text} || n, 'Alguém', 'modelo1', FALSE, ${text} || n, '["Lote","Outra"]', 'alguem'
        FROM generate_series(1, ${THOUGHTS}) AS n`.execute(old.store.db);
      await sql`INSERT INTO thought_labels (thought_id, key, label)
        SELECT id, 'lote', 'Lote' FROM thoughts UNION ALL SELECT id, 'outra', 'Outra' FROM thoughts`.execute(
        old.store.db,
      );
      const store = await old.reopen();
      try {
        // Pruning a page waits for every snapshot of its database that could still see the old versions:
        // the rename starts once no other session here holds one (an autovacuum's, say).
        await until(async () => (await snapshotHolders(store.db, "here")).length === 0);
        // The counters of this connection not yet flushed to the server's shared ones (which lag), before
        // and after: the difference is the rename's.
        const updates = await store.db.transaction().execute(async (trx) => {
          const counters = async () => {
            const { rows } = await sql<{ updated: string; inPlace: string }>`
              SELECT n_tup_upd AS updated, n_tup_hot_upd AS "inPlace"
              FROM pg_stat_xact_user_tables WHERE relid = 'thoughts'::regclass`.execute(trx);
            return { updated: Number(rows[0]?.updated), inPlace: Number(rows[0]?.inPlace) };
          };
          const before = await counters();
          await renameLabel(trx, postgresThoughts, "Lote", "LOTE");
          const after = await counters();
          return { updated: after.updated - before.updated, inPlace: after.inPlace - before.inPlace };
        });
        // All but a few: a page the migration updated in place keeps those rows' old versions until it is
        // pruned. Without the room, none was in place.
        expect(updates.updated).toBe(THOUGHTS);
        // What held a snapshot anywhere, named in the failure: the next time this fails, it says why.
        const holders = await snapshotHolders(store.db, "anywhere");
        expect(updates.inPlace, JSON.stringify(holders)).toBeGreaterThanOrEqual(THOUGHTS * 0.9);
        const { rows } = await sql<{
          etiquetas: string;
        }>`SELECT DISTINCT etiquetas FROM thoughts`.execute(store.db);
        expect(rows).toEqual([{ etiquetas: '["LOTE","Outra"]' }]);
      } finally {
        await store.close();
      }
    } finally {
      await old.cleanup();
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
      await admin.end();
    }
  });
});
