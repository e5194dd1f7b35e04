import { type Kysely, sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { openTestStore, testDialects } from "../../../../test-support/server/test-stores";
import { migrateToLatest } from "../migrations/migrate";
import type { Database } from "../schema";
import { renameLabel } from "../thoughts/label-rewrites";
import { postgresThoughts } from "./thoughts.postgres";

const postgres = testDialects().find((dialect) => dialect.name === "postgres");

/** Enough thoughts of about 300 bytes to fill a dozen pages of 8 KiB. */
const THOUGHTS = 400;

/**
 * The other sessions, in any database of the server, whose snapshot is older than transaction `xid`: while
 * one is, PostgreSQL keeps the row versions that transactions up to `xid` replaced (the horizon spans the
 * server: a failure here once named only a session of another database).
 */
async function snapshotsOlderThan(db: Kysely<Database>, xid: string) {
  const { rows } = await sql<{ datname: string; backend_type: string; state: string }>`
    SELECT datname, backend_type, state FROM pg_stat_activity
    WHERE backend_xmin IS NOT NULL AND pid <> pg_backend_pid() AND age(backend_xmin) > age(${xid}::xid)`.execute(
    db,
  );
  return rows;
}

describe.skipIf(!postgres?.available)("label rewrites on PostgreSQL", () => {
  it("rewrite a thought's labels beside it on its page (HOT), thoughts written before the migration included", async () => {
    // The table as the migration before this one left it, filled as full pages hold: rows added later
    // would find the new setting anyway.
    const old = await openTestStore("postgres", {
      migrate: (db, dialect, schema) =>
        migrateToLatest(db, dialect, { schema, upTo: "20261127T1300-labels-code-point-order" }),
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
        // Pruning a page waits for every snapshot that could still see the versions the migrations replaced:
        // the rename starts once every other session's snapshot is newer than a transaction begun after them
        // (another test's long statement, say).
        const { rows: begun } = await sql<{ xid: string }>`
          SELECT (txid_current() % 4294967296)::text AS xid`.execute(store.db);
        const migrated = begun[0]?.xid ?? "";
        await vi.waitUntil(async () => (await snapshotsOlderThan(store.db, migrated)).length === 0, {
          timeout: 20_000,
          interval: 20,
        });
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
        const holders = await snapshotsOlderThan(store.db, migrated);
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
    }
  }, 40_000);
});
