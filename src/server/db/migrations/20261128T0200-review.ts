import { type Kysely, type Migration, sql } from "kysely";

/**
 * The daily review (issue 41), in tables of its own; `thoughts` is left as it was.
 *
 * - `review_settings`: one row (id 1): the settings as JSON, the feed's private token, and when the review
 *   was first used (a thought never shown counts its wait for the coverage promise from then or from its
 *   creation, whichever is later).
 * - `review_state`: one row per thought the review has met (shown, answered or marked to memorise): how many
 *   times and when it was last shown, the day it was asked back for ('em_breve'…), when it was discarded,
 *   its memorise mark and FSRS card (JSON) with the card's due instant. No foreign key: a thought moved to
 *   the trash keeps its state for a restore. Partial indexes serve the two reads by date (the thoughts asked
 *   back by a day, the memorise cards due by a day).
 * - `review_sets`: each day's chosen set (theme '') and each themed set of a day, as JSON, chosen once.
 * - `review_log`: every answer (thought, day, instant, answer, the interval it scheduled, FSRS's own log),
 *   one per request id, so a repeat counts once; read by the day's progress and the history.
 *
 * Instants are epoch milliseconds (a BIGINT on PostgreSQL, SQLite's INTEGER); the one visible branch is
 * the types. Frozen like every migration: it takes a database it does not type.
 */
export function review(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      const [millis, real, serial] =
        dialect === "sqlite"
          ? [sql.raw("INTEGER"), sql.raw("REAL"), sql.raw("INTEGER PRIMARY KEY AUTOINCREMENT")]
          : [sql.raw("BIGINT"), sql.raw("DOUBLE PRECISION"), sql.raw("SERIAL PRIMARY KEY")];
      await sql`CREATE TABLE review_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        settings TEXT NOT NULL,
        feed_token TEXT NOT NULL,
        started_at ${millis} NOT NULL
      )`.execute(db);
      await sql`CREATE TABLE review_state (
        thought_id INTEGER PRIMARY KEY,
        shown_count INTEGER NOT NULL DEFAULT 0,
        shown_at ${millis},
        back_at ${millis},
        discarded_at ${millis},
        memorise TEXT,
        fsrs_card TEXT,
        due_at ${millis}
      )`.execute(db);
      await sql`CREATE INDEX review_state_back_at ON review_state (back_at, thought_id)
        WHERE back_at IS NOT NULL`.execute(db);
      await sql`CREATE INDEX review_state_due_at ON review_state (due_at, thought_id)
        WHERE due_at IS NOT NULL`.execute(db);
      await sql`CREATE TABLE review_sets (
        day TEXT NOT NULL,
        theme TEXT NOT NULL,
        cards TEXT NOT NULL,
        chosen_at ${millis} NOT NULL,
        PRIMARY KEY (day, theme)
      )`.execute(db);
      await sql`CREATE TABLE review_log (
        id ${serial},
        thought_id INTEGER NOT NULL,
        day TEXT NOT NULL,
        answered_at ${millis} NOT NULL,
        answer TEXT NOT NULL,
        interval_days ${real},
        due_at ${millis},
        request_id TEXT NOT NULL UNIQUE,
        fsrs TEXT
      )`.execute(db);
      await sql`CREATE INDEX review_log_day ON review_log (day, thought_id)`.execute(db);
    },
    // The review's data goes with its tables: the version rolled back to has no review to show it in.
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      for (const table of ["review_log", "review_sets", "review_state", "review_settings"]) {
        await sql`DROP TABLE ${sql.table(table)}`.execute(db);
      }
    },
  };
}
