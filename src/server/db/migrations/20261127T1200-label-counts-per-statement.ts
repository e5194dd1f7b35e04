import { type Kysely, type Migration, sql } from "kysely";

/**
 * PostgreSQL keeps the label counts (`labels`) once per statement on `thought_labels`, over its transition
 * tables, instead of once per row. Every row trigger rewrote the label's one counter row, and under MVCC each
 * rewrite is a new version that the next one has to walk past inside the same transaction: deleting a label
 * from 30,000 thoughts took 39 s, inserting it on 30,000 took 24 s (2026-11-27, PostgreSQL 15), against
 * under a second once per statement. A rename, a merge, a label's deletion and an import each write a
 * label's rows in one statement, so each now moves its counter once.
 * SQLite keeps its row triggers: it writes the counter in place, and nothing piles up.
 * Frozen like every migration: it takes a database it does not type.
 */
export function labelCountsPerStatement(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      if (dialect === "sqlite") return;
      await sql`DROP TRIGGER labels_insert ON thought_labels`.execute(db);
      await sql`DROP TRIGGER labels_delete ON thought_labels`.execute(db);
      // A new label takes the spelling of its oldest thought among those inserted, as the first row did.
      // Keys are locked in their order, so two statements counting the same labels wait rather than cross.
      await sql`CREATE FUNCTION label_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            INSERT INTO labels (key, label, total)
              SELECT key, (array_agg(label ORDER BY thought_id))[1], count(*) FROM new_rows
              GROUP BY key ORDER BY key
              ON CONFLICT (key) DO UPDATE SET total = labels.total + excluded.total;
          ELSE
            UPDATE labels SET total = labels.total - gone.total
              FROM (SELECT key, count(*) AS total FROM old_rows GROUP BY key) AS gone
              WHERE labels.key = gone.key;
            DELETE FROM labels WHERE total <= 0 AND key IN (SELECT key FROM old_rows);
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER label_counts_insert AFTER INSERT ON thought_labels
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION label_counts_follow()`.execute(
        db,
      );
      await sql`CREATE TRIGGER label_counts_delete AFTER DELETE ON thought_labels
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION label_counts_follow()`.execute(
        db,
      );
    },
    // The row triggers come back on the function the labels migration left in place.
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      if (dialect === "sqlite") return;
      await sql`DROP FUNCTION label_counts_follow CASCADE`.execute(db);
      await sql`CREATE TRIGGER labels_insert AFTER INSERT ON thought_labels
        FOR EACH ROW EXECUTE FUNCTION labels_follow()`.execute(db);
      await sql`CREATE TRIGGER labels_delete AFTER DELETE ON thought_labels
        FOR EACH ROW EXECUTE FUNCTION labels_follow()`.execute(db);
    },
  };
}
