import type { Kysely } from "kysely";
import type { Thought } from "../../domain/contract";
import type { ThoughtInput, ThoughtPatch } from "../../domain/thought";
import type { ThoughtListQuery, ThoughtPage } from "../../domain/thought-list";
import { prepared } from "./prepared";
import type { Database } from "./schema";
import { SearchCounts } from "./search-counts";
import { thoughtPages } from "./thought-pages";
import { searchText, thoughtColumns, toNewRow, toThought } from "./thought-rows";
import type { ThoughtsDialect } from "./thoughts.dialect";

export interface ThoughtsRepository {
  list(query: ThoughtListQuery): Promise<ThoughtPage>;
  get(id: number): Promise<Thought | undefined>;
  create(input: ThoughtInput): Promise<Thought>;
  /** many in one transaction, chunked under SQLite's bound-parameter limit */
  insertMany(inputs: readonly ThoughtInput[]): Promise<void>;
  replace(id: number, input: ThoughtInput): Promise<Thought | undefined>;
  update(id: number, patch: ThoughtPatch): Promise<Thought | undefined>;
  remove(id: number): Promise<boolean>;
  /** every thought, oldest first */
  all(): Promise<Thought[]>;
  /** forgets every remembered search total (benchmarks measure the cold path with it) */
  forgetCounts(): void;
}

/** 500 rows of 5 values: 2,500 bound parameters, well under SQLite's 32,766 per statement. */
const INSERT_CHUNK = 500;

/** All the SQL about thoughts, over one store's connection; every write goes through its search counts. */
export function createThoughtsRepository(db: Kysely<Database>, dialect: ThoughtsDialect): ThoughtsRepository {
  const counts = new SearchCounts(() => dialect.dataVersion(db));
  const list = thoughtPages(db, dialect, counts);
  const thoughtById = prepared(db, (id: number) =>
    db.selectFrom("thoughts").select(thoughtColumns).where("id", "=", id),
  );

  async function update(id: number, patch: ThoughtPatch): Promise<Thought | undefined> {
    return counts.write(() =>
      db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom("thoughts")
          .select(thoughtColumns)
          .where("id", "=", id)
          .executeTakeFirst();
        if (!current) return undefined;
        const next = { ...toThought(current), ...patch, id };
        // busca is set only when the text changes: setting it, even to the same value, fires the FTS
        // trigger, which rewrites every trigram of the thought (a favorite toggle would pay for it).
        const textChanged = next.conteudo !== current.conteudo || next.autoria !== current.autoria;
        const row = await trx
          .updateTable("thoughts")
          .set({
            conteudo: next.conteudo,
            autoria: next.autoria,
            modelo: next.modelo,
            favorito: dialect.flag(next.favorito),
            ...(textChanged ? { busca: searchText(next) } : {}),
          })
          .where("id", "=", id)
          .returning(thoughtColumns)
          .executeTakeFirstOrThrow();
        return toThought(row);
      }),
    );
  }

  return {
    list,

    async get(id) {
      const [row] = await thoughtById(id);
      return row ? toThought(row) : undefined;
    },

    async create(input) {
      const row = await counts.write(() =>
        db
          .insertInto("thoughts")
          .values(toNewRow(input, dialect.flag))
          .returning(thoughtColumns)
          .executeTakeFirstOrThrow(),
      );
      return toThought(row);
    },

    insertMany: (inputs) =>
      counts.write(() =>
        db.transaction().execute(async (trx) => {
          for (let start = 0; start < inputs.length; start += INSERT_CHUNK) {
            const chunk = inputs.slice(start, start + INSERT_CHUNK);
            await trx
              .insertInto("thoughts")
              .values(chunk.map((input) => toNewRow(input, dialect.flag)))
              .execute();
          }
        }),
      ),

    replace: (id, input) => update(id, input),
    update,

    async remove(id) {
      const result = await counts.write(() =>
        db.deleteFrom("thoughts").where("id", "=", id).executeTakeFirst(),
      );
      return Number(result.numDeletedRows) > 0;
    },

    async all() {
      const rows = await db.selectFrom("thoughts").select(thoughtColumns).orderBy("id", "asc").execute();
      return rows.map(toThought);
    },

    forgetCounts: () => counts.forget(),
  };
}
