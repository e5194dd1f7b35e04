import { type Kysely, type Migration, sql } from "kysely";

/**
 * Labels. Each thought keeps its own, as typed, in `etiquetas` (a JSON array of texts, on `thoughts` and on
 * `trash`, so a thought's one row is all a card needs and a trashed thought keeps them). `thought_labels`
 * indexes them, one row per thought and label with its key (lower case): the wall's filter reads it by key
 * newest first, and a deleted thought's rows go with it. `labels` is the label screen's list, one row per
 * key with the name shown and how many thoughts carry it, kept by triggers on `thought_labels` in the
 * writer's transaction: reading 1,000 labels stays one short scan however many thoughts there are.
 * Frozen like every migration: it takes a database it does not type.
 */
export function labels(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      for (const table of ["thoughts", "trash"]) {
        await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN etiquetas TEXT NOT NULL DEFAULT '[]'`.execute(
          db,
        );
      }
      await sql`CREATE TABLE thought_labels (
        thought_id INTEGER NOT NULL REFERENCES thoughts (id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        label TEXT NOT NULL,
        PRIMARY KEY (thought_id, key)
      )`.execute(db);
      await sql`CREATE INDEX thought_labels_key ON thought_labels (key, thought_id)`.execute(db);
      await sql`CREATE TABLE labels (
        key TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        total INTEGER NOT NULL
      )`.execute(db);
      if (dialect === "sqlite") await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
    // The labels go with the tables: the version rolled back to has nowhere to show them.
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      if (dialect === "postgres") await sql`DROP FUNCTION labels_follow CASCADE`.execute(db);
      await sql`DROP TABLE labels`.execute(db);
      await sql`DROP TABLE thought_labels`.execute(db);
      for (const table of ["thoughts", "trash"]) {
        await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN etiquetas`.execute(db);
      }
    },
  };
}

/**
 * The label rows are only inserted and deleted (a rename deletes and inserts), so two triggers keep the
 * counts; a label whose last thought lets go of it leaves the list, and comes back under the name next typed.
 */
// biome-ignore lint/suspicious/noExplicitAny: see labels().
async function sqliteTriggers(db: Kysely<any>) {
  await sql`CREATE TRIGGER labels_insert AFTER INSERT ON thought_labels BEGIN
    INSERT INTO labels (key, label, total) VALUES (new.key, new.label, 1)
      ON CONFLICT (key) DO UPDATE SET total = total + 1;
  END`.execute(db);
  await sql`CREATE TRIGGER labels_delete AFTER DELETE ON thought_labels BEGIN
    UPDATE labels SET total = total - 1 WHERE key = old.key;
    DELETE FROM labels WHERE key = old.key AND total <= 0;
  END`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see labels().
async function postgresTriggers(db: Kysely<any>) {
  await sql`CREATE FUNCTION labels_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO labels (key, label, total) VALUES (NEW.key, NEW.label, 1)
          ON CONFLICT (key) DO UPDATE SET total = labels.total + 1;
      ELSE
        UPDATE labels SET total = total - 1 WHERE key = OLD.key;
        DELETE FROM labels WHERE key = OLD.key AND total <= 0;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER labels_insert AFTER INSERT ON thought_labels
    FOR EACH ROW EXECUTE FUNCTION labels_follow()`.execute(db);
  await sql`CREATE TRIGGER labels_delete AFTER DELETE ON thought_labels
    FOR EACH ROW EXECUTE FUNCTION labels_follow()`.execute(db);
}
