import { DEFAULT_MIGRATION_TABLE, type Kysely, Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  openTestStore,
  type TestMigration,
  testDialects,
  whileSchemasStand,
} from "../../../../test-support/server/test-stores";
import type { ThoughtInput } from "../../../domain/thought";
import type { Database } from "../schema";
import { allThoughts } from "../testing";
import { migrateToLatest, migrations } from "./migrate";
import { renamedMigrations } from "./migration-renames";

const input = (overrides: Partial<ThoughtInput> = {}): ThoughtInput => ({
  conteudo: "Um pensamento antigo",
  autoria: "Alguém",
  modelo: "modelo1",
  favorito: false,
  etiquetas: [],
  fonte: "",
  local: "",
  nota: "",
  ...overrides,
});

/**
 * Thoughts written as the first migration's table holds them. Today's repository writes the columns later
 * migrations added, so a database stopped at an older migration is filled by hand.
 */
async function insertOld(db: Kysely<Database>, dialect: string, favorites: boolean[]): Promise<void> {
  for (const favorite of favorites) {
    const flag = dialect === "sqlite" ? Number(favorite) : favorite;
    await sql`INSERT INTO thoughts (conteudo, autoria, modelo, favorito, busca)
      VALUES ('Um pensamento antigo', 'Alguém', 'modelo1', ${flag}, ${"um pensamento antigo\nalguem"})`.execute(
      db,
    );
  }
}

/** What an earlier version did: the same migrations, recorded under the names they had then. */
const migrateUnderOldNames: TestMigration = async (db, dialect, schema) => {
  const old = Object.entries(renamedMigrations).map(([oldName, name]) => {
    const make = migrations[name];
    if (!make) throw new Error(`${oldName} was renamed to ${name}, which is not a migration`);
    return [oldName, make(dialect)] as const;
  });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(old) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
};

/** The names Kysely has recorded (a PostgreSQL test store finds its own schema's table first). */
async function recordedNames(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .withTables<{ [DEFAULT_MIGRATION_TABLE]: { name: string } }>()
    .selectFrom(DEFAULT_MIGRATION_TABLE)
    .select("name")
    .orderBy("name")
    .execute();
  return rows.map((row) => row.name);
}

describe("migration names", () => {
  it("sort by the time each migration was written, and every old name has a new one", () => {
    // The renamed ones are the first migrations, in their order; later ones never had another name.
    const renamed = Object.values(renamedMigrations);
    expect(Object.keys(migrations).slice(0, renamed.length)).toEqual(renamed);
    expect(Object.keys(migrations)).toEqual(Object.keys(migrations).toSorted());
    for (const migration of Object.keys(migrations)) expect(migration).toMatch(/^\d{8}T\d{4}-[a-z-]+$/);
  });
});

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`migrations on ${name}`, () => {
    it("opens a database whose migrations were recorded under their old names", async () => {
      const old = await openTestStore(name, { migrate: migrateUnderOldNames });
      try {
        expect(await recordedNames(old.store.db)).toEqual(Object.keys(renamedMigrations));
        await insertOld(old.store.db, name, [false]);
        const store = await old.reopen();
        try {
          expect(await recordedNames(store.db)).toEqual(Object.keys(migrations));
          // The thought from before the labels has none, and its author is found by the author's filter.
          const kept = {
            conteudo: "Um pensamento antigo",
            autoria: "Alguém",
            modelo: "modelo1",
            favorito: false,
          };
          expect(await store.thoughts.list({ page: 1, limit: 6, author: "alguem" })).toEqual({
            items: [
              {
                id: expect.any(Number),
                ...kept,
                etiquetas: [],
                fonte: "",
                local: "",
                nota: "",
                criadoEm: expect.any(String),
                atualizadoEm: expect.any(String),
                versao: 1,
              },
            ],
            total: 1,
          });
        } finally {
          await store.close();
        }
      } finally {
        await old.cleanup();
      }
    });

    it("counts the thoughts that existed before the counts migration", async () => {
      const old = await openTestStore(name, {
        migrate: (db, dialect, schema) =>
          migrateToLatest(db, dialect, { schema, upTo: "20261122T0900-create-thoughts" }),
      });
      try {
        await insertOld(old.store.db, name, [true, false, false]);
        const store = await old.reopen();
        try {
          expect((await store.thoughts.list({ page: 1, limit: 6 })).total).toBe(3);
          expect((await store.thoughts.list({ page: 1, limit: 6, favorite: true })).total).toBe(1);
          await store.thoughts.create(input({ favorito: true }));
          expect((await store.thoughts.list({ page: 1, limit: 6, favorite: true })).total).toBe(2);
        } finally {
          await store.close();
        }
      } finally {
        await old.cleanup();
      }
    });

    it("dates the thoughts already there, on the wall and in the trash, oldest first and a second apart", async () => {
      const old = await openTestStore(name, {
        migrate: (db, dialect, schema) =>
          migrateToLatest(db, dialect, { schema, upTo: "20261127T1400-thoughts-room-for-label-rewrites" }),
      });
      try {
        // Ids on both sides of the migration's ranges of 1,000 ids, with gaps; 1000 was deleted before the
        // fields came (the trash's row as that version wrote it).
        const [onWall, inTrash] = [[1, 2, 999, 1001, 2500], 1000];
        const flag = name === "sqlite" ? 0 : false;
        for (const id of onWall) {
          await sql`INSERT INTO thoughts (id, conteudo, autoria, modelo, favorito, busca)
            VALUES (${id}, 'Um pensamento antigo', 'Alguém', 'modelo1', ${flag}, ${"um pensamento antigo\nalguem"})`.execute(
            old.store.db,
          );
        }
        await sql`INSERT INTO trash (id, conteudo, autoria, modelo, favorito, etiquetas, deleted_at)
          VALUES (${inTrash}, 'Apagado', 'Alguém', 'modelo1', ${flag}, '[]', ${Date.now()})`.execute(
          old.store.db,
        );
        const before = Date.now();
        const store = await old.reopen();
        try {
          const after = Date.now();
          const { items: trashed } = await store.trash.list({ page: 1, limit: 6 }, Date.now());
          const dated = [...(await allThoughts(store)), ...trashed].sort((a, b) => a.id - b.id);
          expect(dated.map((thought) => thought.id)).toEqual([1, 2, 999, 1000, 1001, 2500]);
          const times = dated.map((thought) => Date.parse(thought.criadoEm));
          expect(times.slice(1).map((time, i) => time - (times[i] ?? 0))).toEqual([
            1000, 1000, 1000, 1000, 1000,
          ]);
          expect(times.at(-1)).toBeGreaterThanOrEqual(before);
          expect(times.at(-1)).toBeLessThanOrEqual(after);
          for (const thought of dated) {
            expect(thought).toMatchObject({ fonte: "", local: "", nota: "", atualizadoEm: thought.criadoEm });
          }
          // Their search text was left as it was, and still finds them.
          expect((await store.thoughts.list({ page: 1, limit: 6, search: "antigo" })).total).toBe(5);
        } finally {
          await store.close();
        }
      } finally {
        await old.cleanup();
      }
    });

    it("creates the trash, and drops it on the way down without touching the wall", async () => {
      let schema: string | undefined;
      const test = await openTestStore(name, {
        migrate: async (db, dialect, given) => {
          schema = given;
          await migrateToLatest(db, dialect, { schema });
        },
      });
      const { store } = test;
      // Kysely introspects every schema, and other suites create and drop theirs meanwhile: under their lock.
      const tables = async () =>
        (await whileSchemasStand(name, () => store.db.introspection.getTables()))
          .filter((table) => !schema || table.schema === schema)
          .map((table) => table.name);
      try {
        const [kept, trashed] = [await store.thoughts.create(input()), await store.thoughts.create(input())];
        await store.thoughts.remove(trashed.id, 1_000);
        expect(await tables()).toContain("trash");

        await whileSchemasStand(name, () =>
          migrateToLatest(store.db, name, { schema, upTo: "20261123T0900-wall-state" }),
        );
        expect(await tables()).not.toContain("trash");
        expect(await recordedNames(store.db)).not.toContain("20261123T1000-trash");
        const { rows } = await sql<{ id: number }>`SELECT id FROM thoughts`.execute(store.db);
        expect(rows.map((row) => Number(row.id))).toEqual([kept.id]);

        await whileSchemasStand(name, () => migrateToLatest(store.db, name, { schema }));
        expect(await store.trash.list({ page: 1, limit: 6 }, 1_000)).toEqual({ items: [], total: 0 });
        await store.thoughts.remove(kept.id, 2_000);
        // Rolled back past the fields' migration and up again, the thought was dated anew by it.
        expect(await store.trash.list({ page: 1, limit: 6 }, 2_000)).toMatchObject({
          items: [{ ...kept, criadoEm: expect.any(String), atualizadoEm: expect.any(String) }],
          total: 1,
        });
        expect(await store.thoughts.state()).toMatchObject({ total: 0, favorites: 0 });
      } finally {
        await test.cleanup();
      }
    });

    it("folds the wall's state back into one row with the same counts and a version that still moves", async () => {
      let schema: string | undefined;
      const old = await openTestStore(name, {
        migrate: (db, dialect, given) => {
          schema = given;
          return migrateToLatest(db, dialect, { schema, upTo: "20261124T0900-wall-state-shards" });
        },
      });
      try {
        await insertOld(old.store.db, name, [true, false, true]);
        const before = await old.store.thoughts.state();
        const store = await old.reopen();
        try {
          // Later migrations rewrite the rows (the author's key), which moves the version on.
          const after = await store.thoughts.state();
          expect(after).toMatchObject({ total: before.total, favorites: before.favorites });
          const tables = (await whileSchemasStand(name, () => store.db.introspection.getTables()))
            .filter((table) => !schema || table.schema === schema)
            .map((table) => table.name);
          expect(tables).toContain("wall_state");
          expect(tables).not.toContain("wall_state_shards");
          await store.thoughts.create(input());
          expect(await store.thoughts.state()).toEqual({
            version: after.version + 1,
            total: 4,
            favorites: 2,
          });
        } finally {
          await store.close();
        }
      } finally {
        await old.cleanup();
      }
    });

    it("bounds the newest-first pages by the highest id ever written, the trash's included", async () => {
      const old = await openTestStore(name, {
        migrate: (db, dialect, schema) =>
          migrateToLatest(db, dialect, { schema, upTo: "20261128T0300-imports-and-inbox" }),
      });
      try {
        const written = [];
        for (const conteudo of ["Primeiro", "Segundo", "Terceiro"]) {
          written.push(await old.store.thoughts.create(input({ conteudo })));
        }
        const [first, second, third] = written.map((thought) => thought.id);
        // The newest goes to the trash before the migration: its id is still one a restore brings back.
        expect(await old.store.thoughts.remove(third ?? 0, Date.now())).toBe(true);
        const store = await old.reopen();
        try {
          const newestId = async () =>
            Number(
              (await store.db.selectFrom("wall_state").select("newest_id").executeTakeFirstOrThrow())
                .newest_id,
            );
          expect(await newestId()).toBe(third);
          const ids = async () => (await store.thoughts.list({ page: 1, limit: 6 })).items.map((t) => t.id);
          expect(await ids()).toEqual([second, first]);
          expect((await store.trash.restore(third ?? 0, Date.now())).status).toBe("restored");
          expect(await ids()).toEqual([third, second, first]);
          const fourth = await store.thoughts.create(input({ conteudo: "Quarto" }));
          expect(await newestId()).toBe(fourth.id);
          expect(await ids()).toEqual([fourth.id, third, second, first]);
          const favorite = await store.thoughts.create(input({ conteudo: "Quinto", favorito: true }));
          const favorites = await store.thoughts.list({ page: 1, limit: 6, favorite: true });
          expect(favorites.items.map((t) => t.id)).toEqual([favorite.id]);
          const after = await store.thoughts.list({ page: 1, limit: 2, after: favorite.id });
          expect(after.items.map((t) => t.id)).toEqual([fourth.id, third]);
        } finally {
          await store.close();
        }
      } finally {
        await old.cleanup();
      }
    });

    it("carries the counts of thought_counts into the wall's state", async () => {
      const old = await openTestStore(name, {
        migrate: (db, dialect, schema) =>
          migrateToLatest(db, dialect, { schema, upTo: "20261122T1200-sign-in" }),
      });
      try {
        await insertOld(old.store.db, name, [true, false, true]);
        const store = await old.reopen();
        try {
          expect(await store.thoughts.state()).toMatchObject({ total: 3, favorites: 2 });
          const [first] = (await store.thoughts.list({ page: 1, limit: 6 })).items;
          await store.thoughts.update(first?.id ?? 0, { favorito: false });
          expect(await store.thoughts.state()).toMatchObject({ total: 3, favorites: 1 });
        } finally {
          await store.close();
        }
      } finally {
        await old.cleanup();
      }
    });
  });
}
