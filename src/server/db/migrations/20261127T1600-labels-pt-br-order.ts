import { type Kysely, type Migration, type RawBuilder, sql } from "kysely";

/**
 * The labels list reads a page in pt-BR's order: by the key without its accents, then by the key
 * (thoughts/label-fold.ts, labels-read.ts). An index on exactly those two expressions lets a page be read
 * in that order rather than sorting every label: on 100,000 labels the first page took 777 ms sorted, on
 * SQLite, 4.8 ms with the index (bench/labels-many.ts). The expression is written out here exactly as the
 * query writes it, or the planners would not match it.
 * Frozen like every migration: it takes a database it does not type, and keeps its own copy of the letters.
 */
const ACCENTS: readonly (readonly [string, string])[] = [
  ..."àáâãäå".split("").map((letter) => [letter, "a"] as const),
  ..."èéêë".split("").map((letter) => [letter, "e"] as const),
  ..."ìíîï".split("").map((letter) => [letter, "i"] as const),
  ..."òóôõö".split("").map((letter) => [letter, "o"] as const),
  ..."ùúûü".split("").map((letter) => [letter, "u"] as const),
  ["ç", "c"],
  ["ñ", "n"],
  ["ý", "y"],
  ["ÿ", "y"],
];

export function labelsPtBrOrder(dialect: "sqlite" | "postgres"): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's Database type.
    async up(db: Kysely<any>) {
      const key =
        dialect === "postgres"
          ? sql<string>`${sql.ref("key")} COLLATE "C"`
          : sql<string>`${sql.ref("key")} COLLATE BINARY`;
      let folded: RawBuilder<string> = key;
      for (const [accented, plain] of ACCENTS) {
        folded = sql<string>`replace(${folded}, ${sql.lit(accented)}, ${sql.lit(plain)})`;
      }
      await sql`CREATE INDEX labels_pt_br_order ON labels ((${folded}), ${key})`.execute(db);
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up().
    async down(db: Kysely<any>) {
      await sql`DROP INDEX labels_pt_br_order`.execute(db);
    },
  };
}
