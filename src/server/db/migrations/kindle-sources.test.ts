import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openTestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import { authorKey } from "../../../domain/search-text";
import type { Database } from "../schema";
import { searchText } from "../thoughts/thought-rows";
import { migrateToLatest } from "./migrate";

/** The migration before this one: the thought has its source, but the old import's rows are still joined. */
const BEFORE = "20261127T1500-sources-notes-dates";

/** A thought as it stood before the migration: its author (as written) and labels, and its source. */
interface Old {
  conteudo: string;
  autoria: string;
  etiquetas: string[];
  fonte?: string;
}

/** What the Kindle import wrote from 2026-11-25 (commit 0f205a6): the book after the author, labelled kindle. */
const imported = (conteudo: string, autoria: string, etiquetas = ["kindle"]): Old => ({
  conteudo,
  autoria,
  etiquetas,
});

/** Rows of the old import, each with the author and source it must end with. */
const split: [Old, { autoria: string; fonte: string }][] = [
  [
    imported("Olhos de cigana oblíqua e dissimulada.", "Machado de Assis — Dom Casmurro"),
    { autoria: "Machado de Assis", fonte: "Dom Casmurro" },
  ],
  [
    imported("Ao vencedor, as batatas!", "Assis, Machado de — Quincas Borba"),
    { autoria: "Machado de Assis", fonte: "Quincas Borba" },
  ],
  [
    imported("Nós somos a espécie que conta histórias.", "Harari, Yuval Noah — Sapiens — Uma breve história"),
    { autoria: "Yuval Noah Harari", fonte: "Sapiens — Uma breve história" },
  ],
  [
    imported("Não é o que você faz que importa.", "Gaiman, Neil;Pratchett, Terry — Belas Maldições"),
    { autoria: "Neil Gaiman; Terry Pratchett", fonte: "Belas Maldições" },
  ],
  [
    imported("Viver é muito perigoso.", "Rosa, João Guimarães — Grande Sertão: Ve…", ["Romance", "kindle"]),
    { autoria: "João Guimarães Rosa", fonte: "Grande Sertão: Ve…" },
  ],
];

/** Rows that look like the old import's and are not, or cannot be split: each must stay as it is. */
const kept: Old[] = [
  imported("Digitado à mão.", "Fernando Pessoa — Mensagem", []),
  imported("Etiqueta digitada à mão.", "Fernando Pessoa — Mensagem", ["Kindle"]),
  imported("Outra etiqueta.", "Fernando Pessoa — Mensagem", ["meu kindle"]),
  imported("Travessão sem espaços.", "Fernando Pessoa—Mensagem"),
  imported("Hífen.", "Fernando Pessoa - Mensagem"),
  imported("Um documento sem autor.", "Notas de aula"),
  imported("Autor curto demais.", "Li — Livro"),
  { ...imported("Já tem fonte.", "Fernando Pessoa — Mensagem"), fonte: "Mensagem" },
];

/** Inserts the rows by hand, with the columns the table had before this migration and its derived ones. */
async function insertOld(db: Kysely<Database>, table: "thoughts" | "trash", rows: Old[]): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) {
    const fonte = row.fonte ?? "";
    const labels = JSON.stringify(row.etiquetas);
    if (table === "thoughts") {
      const busca = searchText({ conteudo: row.conteudo, autoria: row.autoria, fonte, nota: "" });
      const { rows: inserted } = await sql<{ id: number }>`INSERT INTO thoughts
        (conteudo, autoria, modelo, favorito, etiquetas, fonte, busca, autoria_chave, "criadoEm", "atualizadoEm")
        VALUES (${row.conteudo}, ${row.autoria}, 'modelo1', ${sql.lit(false)}, ${labels}, ${fonte}, ${busca},
          ${authorKey(row.autoria)}, 1000, 2000)
        RETURNING id`.execute(db);
      ids.push(Number(inserted[0]?.id));
    } else {
      const id = 10_000 + ids.length;
      await sql`INSERT INTO trash
        (id, conteudo, autoria, modelo, favorito, etiquetas, fonte, deleted_at, "criadoEm", "atualizadoEm")
        VALUES (${id}, ${row.conteudo}, ${row.autoria}, 'modelo1', ${sql.lit(false)}, ${labels}, ${fonte}, 5000, 1000, 2000)
      `.execute(db);
      ids.push(id);
    }
  }
  return ids;
}

interface Stored {
  id: number | string;
  conteudo: string;
  autoria: string;
  fonte: string;
  busca?: string;
  autoria_chave?: string;
  atualizadoEm: number | string;
}

async function rowsOf(db: Kysely<Database>, table: "thoughts" | "trash"): Promise<Stored[]> {
  const derived = table === "thoughts" ? sql`, busca, autoria_chave` : sql``;
  const { rows } = await sql<Stored>`SELECT id, conteudo, autoria, fonte, "atualizadoEm" ${derived}
    FROM ${sql.table(table)} ORDER BY id`.execute(db);
  return rows;
}

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the Kindle sources migration on ${name}`, () => {
    it("splits what the old Kindle import wrote into author and source, and nothing else", async () => {
      const old = await openTestStore(name, {
        migrate: (db, dialect, schema) => migrateToLatest(db, dialect, { schema, upTo: BEFORE }),
      });
      try {
        const rows = [...split.map(([row]) => row), ...kept];
        await insertOld(old.store.db, "thoughts", rows);
        await insertOld(old.store.db, "trash", [split[0]?.[0] as Old, kept[0] as Old]);
        const before = await rowsOf(old.store.db, "thoughts");
        const store = await old.reopen();
        try {
          const after = await rowsOf(store.db, "thoughts");
          const expected = [
            ...split.map(([row, parts]) => ({ conteudo: row.conteudo, ...parts })),
            ...kept.map((row) => ({ conteudo: row.conteudo, autoria: row.autoria, fonte: row.fonte ?? "" })),
          ];
          expect(after.map(({ conteudo, autoria, fonte }) => ({ conteudo, autoria, fonte }))).toEqual(
            expected,
          );
          // The look-alikes are untouched, derived columns and all; no row's date of change moves.
          expect(after.slice(split.length)).toEqual(before.slice(split.length));
          expect(after.map((row) => Number(row.atualizadoEm))).toEqual(rows.map(() => 2000));
          // The split rows' derived columns are those the app writes for their new fields.
          for (const row of after) {
            expect(row.busca).toBe(searchText({ ...row, nota: "" }));
            expect(row.autoria_chave).toBe(authorKey(row.autoria));
          }
          // The author's page and the search find them by their new fields.
          const machado = await store.thoughts.list({
            page: 1,
            limit: 10,
            author: authorKey("Machado de Assis"),
          });
          expect(machado.items.map((t) => [t.fonte, t.conteudo])).toEqual([
            ["Quincas Borba", "Ao vencedor, as batatas!"],
            ["Dom Casmurro", "Olhos de cigana oblíqua e dissimulada."],
          ]);
          const sertao = await store.thoughts.list({ page: 1, limit: 10, search: "sertão" });
          expect(sertao.items.map((t) => t.autoria)).toEqual(["João Guimarães Rosa"]);

          const trash = await rowsOf(store.db, "trash");
          expect(trash.map(({ autoria, fonte }) => ({ autoria, fonte }))).toEqual([
            { autoria: "Machado de Assis", fonte: "Dom Casmurro" },
            { autoria: "Fernando Pessoa — Mensagem", fonte: "" },
          ]);

          // The same highlights imported again, as the import now writes them, are already on the wall.
          const again = split.map(([row, parts]) =>
            thoughtInput({ conteudo: row.conteudo, ...parts, etiquetas: ["kindle"] }),
          );
          expect(await store.thoughts.importMany(again, { dryRun: false })).toEqual({
            imported: 0,
            duplicates: split.length,
          });
        } finally {
          await store.close();
        }
      } finally {
        await old.cleanup();
      }
    });
  });
}
