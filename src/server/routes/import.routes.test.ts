import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { keepNote, keepTakeoutZip } from "../../../test-support/server/keep-takeout";
import { kindleFixtures, kindleLibrary } from "../../../test-support/server/kindle-library";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import type { Thought } from "../../domain/contract";
import { apiPaths, SESSION_COOKIE } from "../../domain/contract";
import { IMPORT_MAX_BYTES, importResultSchema } from "../../domain/contract-schemas";
import { DEFAULT_MODEL, MODELS } from "../../domain/rules";
import type { ThoughtInput } from "../../domain/thought";
import { hashPassword } from "../auth/password-hash";
import { KINDLE_PASSED_OVER } from "../import/read-kindle";

/** Kindle's My Clippings.txt in both languages: three highlights, two notes on them, two bookmarks, one repeat. */
const clippings = readFileSync(new URL("../../../test-support/fixtures/my-clippings.txt", import.meta.url));

/** Texts a file must carry through unchanged: quotes, a comma, a line break, a formula. */
const thought = (i: number): ThoughtInput =>
  thoughtInput({
    conteudo: `Pensamento ${i}, com "aspas", vírgula\ne linha nova`,
    autoria: i % 3 === 0 ? "=Autor de fórmula" : `Autor ${i}`,
    modelo: MODELS[i % 3] ?? DEFAULT_MODEL,
    favorito: i % 2 === 0,
    // A label that starts like a formula, and labels on every other thought.
    etiquetas: i % 2 === 0 ? ["=fórmula", `Etiqueta ${i % 3}`] : [],
  });

/**
 * The wall as a reader sees it, oldest first: no ids, which an import gives anew, nor the dates, which it
 * gives when the file has none.
 */
const content = (
  thoughts: (ThoughtInput & { id?: number; criadoEm?: string; atualizadoEm?: string; versao?: number })[],
) =>
  thoughts.map(
    ({ id: _id, criadoEm: _created, atualizadoEm: _updated, versao: _version, ...fields }) => fields,
  );

/** Every field of a thought but its id, dates included: what our own exports carry back. */
const whole = (thoughts: Thought[]) => thoughts.map(({ id: _id, versao: _version, ...fields }) => fields);

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`POST /api/import on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.auth.removePassword();
      await suite.test.store.db.deleteFrom("thoughts").execute();
    });

    const post = (body: string | Buffer, contentType: string, query = "") =>
      suite.api.call({
        method: "POST",
        url: `${apiPaths.import}${query}`,
        payload: body,
        headers: { "content-type": contentType },
      });
    const result = (response: { statusCode: number; json(): unknown }) => {
      expect(response.statusCode).toBe(200);
      const { importacao, ...rest } = importResultSchema.parse(response.json());
      // The import's record ('Importações'): named when the file added thoughts, and only then.
      expect(importacao === undefined).toBe(rest.dryRun || rest.imported === 0);
      return rest;
    };
    const wall = async () => content(await suite.test.store.thoughts.all());

    for (const [format, contentType] of [
      ["json", "application/json"],
      ["csv", "text/csv; charset=utf-8"],
    ] as const) {
      it(`brings a ${format} export back as the same wall, in the same order, every field`, async () => {
        await suite.test.store.thoughts.insertMany(
          Array.from({ length: 12 }, (_, i) => ({
            ...thought(i),
            // Texts that a CSV must quote or guard, and dates of their own, not the import's.
            fonte: i % 2 === 0 ? `Livro ${i}, "edição" 2` : "",
            local: i % 3 === 0 ? `-${i}` : `p. ${i}`,
            nota: i % 4 === 0 ? `Nota ${i}\nem duas linhas` : "",
            criadoEm: new Date(Date.UTC(2019, 2, 3, 14, 5, i, i)).toISOString(),
            atualizadoEm: new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString(),
          })),
        );
        const before = whole(await suite.test.store.thoughts.all());
        const exported = await suite.api.call({ method: "GET", url: `${apiPaths.export}?format=${format}` });
        await suite.test.store.db.deleteFrom("thoughts").execute();

        const answer = result(await post(exported.rawPayload, contentType));
        expect(answer).toEqual({
          dryRun: false,
          imported: 12,
          skipped: 0,
          duplicates: 0,
          errors: [],
          errorsNotListed: 0,
        });
        expect(whole(await suite.test.store.thoughts.all())).toEqual(before);
        // The file's last item is the newest on the wall.
        const page = await suite.api.call({ method: "GET", url: `${apiPaths.thoughts}?_limit=1` });
        expect(page.json()[0].conteudo).toBe(before.at(-1)?.conteudo);
      });
    }

    it("reads the original app's db.json: ids of either kind, defaults for missing fields", async () => {
      const dbJson = {
        pensamentos: [
          { id: 1, conteudo: "Primeiro", autoria: "Autor Um", modelo: "modelo3" },
          { id: "2", conteudo: "Segundo", autoria: "Autora Dois", favorito: true },
        ],
      };
      expect(result(await post(JSON.stringify(dbJson), "application/json")).imported).toBe(2);
      expect(await wall()).toEqual([
        thoughtInput({ conteudo: "Primeiro", autoria: "Autor Um", modelo: "modelo3", favorito: false }),
        thoughtInput({ conteudo: "Segundo", autoria: "Autora Dois", modelo: "modelo1", favorito: true }),
      ]);
    });

    it("brings a Google Keep Takeout in, oldest note first, trashed notes left out", async () => {
      const zip = await keepTakeoutZip({
        recente: keepNote({
          title: "Clarice Lispector",
          textContent: "Liberdade é pouco.",
          createdTimestampUsec: 3e15,
          isPinned: true,
          labels: [{ name: "Literatura" }, { name: "literatura" }],
        }),
        antiga: keepNote({
          title: "",
          textContent: "Nota sem título",
          color: "TEAL",
          isArchived: true,
          createdTimestampUsec: 1e15,
        }),
        apagada: keepNote({ title: "Lixo", textContent: "Na lixeira", isTrashed: true }),
        desenho: keepNote({ title: "Só um desenho", textContent: "  " }),
      });
      const answer = result(await post(zip, "application/zip"));
      // The trashed and the empty note are passed over on purpose, counted by kind: not errors.
      expect(answer).toMatchObject({ imported: 2, skipped: 2, duplicates: 0, errorsNotListed: 0 });
      expect(answer.errors).toEqual([]);
      expect(answer.passedOver).toEqual([
        { reason: "Notas na lixeira do Keep", count: 1 },
        { reason: "Notas do Keep sem texto", count: 1 },
      ]);
      expect(await wall()).toEqual([
        thoughtInput({
          conteudo: "Nota sem título",
          autoria: "Google Keep",
          modelo: "modelo3",
          favorito: false,
        }),
        thoughtInput({
          conteudo: "Liberdade é pouco.",
          autoria: "Clarice Lispector",
          modelo: "modelo1",
          favorito: true,
          etiquetas: ["Literatura"],
        }),
      ]);
      // Keep's creation is the thought's; its last edit too, unless Keep dates it before the creation.
      const dates = (await suite.test.store.thoughts.all()).map(({ criadoEm, atualizadoEm }) => ({
        criadoEm,
        atualizadoEm,
      }));
      expect(dates).toEqual([
        { criadoEm: "2001-09-09T01:46:40.000Z", atualizadoEm: "2024-01-01T00:00:00.000Z" },
        { criadoEm: "2065-01-24T05:20:00.000Z", atualizadoEm: "2065-01-24T05:20:00.000Z" },
      ]);
    });

    it("brings Kindle highlights in with their notes, saying in the dry run what it passes over", async () => {
      const dry = result(await post(clippings, "text/plain", "?dryRun=true"));
      // The two notes go into their highlights: neither imported nor skipped.
      expect(dry).toEqual({
        dryRun: true,
        imported: 3,
        skipped: 3,
        duplicates: 0,
        errors: [],
        errorsNotListed: 0,
        passedOver: [
          { reason: KINDLE_PASSED_OVER.bookmarks, count: 2 },
          { reason: KINDLE_PASSED_OVER.repeats, count: 1 },
        ],
        formato: "kindle",
        // Each book, in the file's order, with its count and how many are new.
        fontes: [
          { fonte: "O Livro do Desassossego", autoria: "Fernando Pessoa", total: 1, novos: 1 },
          { fonte: "Meditations", autoria: "Marcus Aurelius", total: 1, novos: 1 },
          { fonte: "Dom Casmurro", autoria: "Machado de Assis", total: 1, novos: 1 },
        ],
      });
      expect(await wall()).toEqual([]);
      expect(result(await post(clippings, "text/plain; charset=utf-8")).imported).toBe(3);
      const books = (await wall()).map((t) => [t.autoria, t.fonte, t.local, t.nota, t.etiquetas]);
      expect(books).toEqual([
        ["Fernando Pessoa", "O Livro do Desassossego", "posição 120-122", "Lembrar de reler.", ["kindle"]],
        ["Marcus Aurelius", "Meditations", "p. 5, posição 70-73", "So true.", ["kindle"]],
        ["Machado de Assis", "Dom Casmurro", "p. 12, posição 180-181", "", ["kindle"]],
      ]);
      // The same file again adds nothing: its highlights are on the wall.
      expect(result(await post(clippings, "text/plain"))).toMatchObject({ imported: 0, duplicates: 3 });
    });

    for (const language of ["en", "pt-BR"] as const) {
      it(`stores a Kindle file in ${language} whole, and adds nothing when it comes again`, async () => {
        const file = kindleFixtures[language];
        expect(result(await post(file, "text/plain"))).toEqual({
          dryRun: false,
          imported: 6,
          skipped: 2,
          duplicates: 0,
          errors: [],
          errorsNotListed: 0,
          passedOver: [
            { reason: KINDLE_PASSED_OVER.bookmarks, count: 1 },
            { reason: KINDLE_PASSED_OVER.noteRepeats, count: 1 },
          ],
        });
        const stored = await suite.test.store.thoughts.all();
        // Every field as the reader found it, the rest at their defaults; a thought dated by its clipping
        // was last changed then too.
        expect(whole(stored)).toEqual(
          kindleLibrary(language).map(({ fields }) => ({
            ...thoughtInput(),
            ...fields,
            atualizadoEm: fields.criadoEm,
          })),
        );
        // The API answers them as stored.
        const first = await suite.api.call({ method: "GET", url: `${apiPaths.thoughts}/${stored[0]?.id}` });
        expect(first.json()).toEqual(stored[0]);

        expect(result(await post(file, "text/plain"))).toMatchObject({ imported: 0, duplicates: 6 });
        expect(await suite.test.store.thoughts.all()).toEqual(stored);
      });
    }

    it("skips invalid items, naming each with its place and reason, and imports the rest", async () => {
      const file = {
        pensamentos: [
          { conteudo: "Válido", autoria: "Autor" },
          { conteudo: "", autoria: "Autor" },
          { conteudo: "Autor curto", autoria: "AB" },
          { conteudo: "Modelo errado", autoria: "Autor", modelo: "modelo9" },
          { conteudo: "x".repeat(10_001), autoria: "Autor" },
          { conteudo: "Também válido", autoria: "  Autora  " },
          { conteudo: "Fonte longa", autoria: "Autor", fonte: "f".repeat(301) },
          { conteudo: "Local longo", autoria: "Autor", local: "l".repeat(101) },
          { conteudo: "Nota longa", autoria: "Autor", nota: "n".repeat(10_001) },
          { conteudo: "Fonte numérica", autoria: "Autor", fonte: 42 },
          { conteudo: "Nota nula", autoria: "Autor", nota: null },
          { conteudo: "Data ruim", autoria: "Autor", criadoEm: "ontem" },
          { conteudo: "Data sem fuso", autoria: "Autor", criadoEm: "2025-03-03T14:05:00" },
          { conteudo: "Data impossível", autoria: "Autor", criadoEm: "2025-02-30T14:05:00Z" },
          { conteudo: "Data numérica", autoria: "Autor", criadoEm: 1_700_000_000_000 },
          {
            conteudo: "Mudado antes de criado",
            autoria: "Autor",
            criadoEm: "2025-03-03T14:05:00Z",
            atualizadoEm: "2025-03-02T14:05:00Z",
          },
          { conteudo: "Com fuso", autoria: "Autora", criadoEm: "2025-03-03T14:05:00-03:00" },
        ],
      };
      const answer = result(await post(JSON.stringify(file), "application/json"));
      expect(answer).toMatchObject({ imported: 3, skipped: 14, duplicates: 0, errorsNotListed: 0 });
      const notAnInstant = "criadoEm deve ser um instante ISO 8601 com fuso (como 2025-03-03T14:05:00Z).";
      expect(answer.errors).toEqual([
        { at: "item 2", message: "Pensamento é obrigatório!" },
        { at: "item 3", message: "Autoria precisa ter no mínimo 3 caracteres!" },
        { at: "item 4", message: "Escolha Modelo 1, Modelo 2 ou Modelo 3." },
        { at: "item 5", message: "Pensamento pode ter no máximo 10.000 caracteres!" },
        { at: "item 7", message: "Fonte pode ter no máximo 300 caracteres!" },
        { at: "item 8", message: "Local pode ter no máximo 100 caracteres!" },
        { at: "item 9", message: "Nota pode ter no máximo 10.000 caracteres!" },
        { at: "item 10", message: "Fonte deve ser um texto." },
        { at: "item 11", message: "Nota deve ser um texto." },
        { at: "item 12", message: notAnInstant },
        { at: "item 13", message: notAnInstant },
        { at: "item 14", message: notAnInstant },
        { at: "item 15", message: notAnInstant },
        { at: "item 16", message: "atualizadoEm não pode ser anterior a criadoEm." },
      ]);
      const imported = await suite.test.store.thoughts.all();
      expect(imported.map((t) => t.autoria)).toEqual(["Autor", "Autora", "Autora"]);
      // An offset is read as the instant it names, and kept in UTC.
      expect(imported[2]?.criadoEm).toBe("2025-03-03T17:05:00.000Z");
    });

    it("adds nothing when the same file comes twice, nor an item twice in one file", async () => {
      const file = JSON.stringify({
        pensamentos: [
          { conteudo: "Um", autoria: "Autor" },
          { conteudo: "Um", autoria: "Autor" },
          { conteudo: "Um", autoria: "Outro autor" },
        ],
      });
      expect(result(await post(file, "application/json"))).toMatchObject({
        imported: 2,
        skipped: 1,
        duplicates: 1,
      });
      expect(result(await post(file, "application/json"))).toMatchObject({
        imported: 0,
        skipped: 3,
        duplicates: 3,
        errors: [],
      });
      expect(await wall()).toHaveLength(2);
    });

    it("lists at most 1000 errors and counts the rest", async () => {
      const file = JSON.stringify({
        pensamentos: Array.from({ length: 1003 }, () => ({ conteudo: "", autoria: "Autor" })),
      });
      const answer = result(await post(file, "application/json"));
      expect(answer).toMatchObject({ imported: 0, skipped: 1003, errorsNotListed: 3 });
      expect(answer.errors).toHaveLength(1000);
      expect(answer.errors.at(-1)?.at).toBe("item 1000");
    });

    it("in a dry run, says what would happen and changes nothing", async () => {
      await suite.test.store.thoughts.insertMany([thought(1)]);
      const version = (await suite.test.store.thoughts.state()).version;
      const file = JSON.stringify({
        pensamentos: [thought(1), thought(2), { conteudo: "", autoria: "Autor" }],
      });
      const answer = result(await post(file, "application/json", "?dryRun=true"));
      expect(answer).toEqual({
        dryRun: true,
        imported: 1,
        skipped: 2,
        duplicates: 1,
        errors: [{ at: "item 3", message: "Pensamento é obrigatório!" }],
        errorsNotListed: 0,
        formato: "json",
        // Thoughts without a source are listed as one, with the first author found.
        fontes: [{ fonte: "", autoria: thought(1).autoria, total: 2, novos: 1 }],
      });
      expect(await wall()).toEqual(content([thought(1)]));
      expect((await suite.test.store.thoughts.state()).version).toBe(version);
      expect((await post(file, "application/json", "?dryRun=talvez")).statusCode).toBe(400);
    });

    it("answers 400 with a pt-BR reason to a file it cannot read, and changes nothing", async () => {
      await suite.test.store.thoughts.insertMany([thought(1)]);
      for (const [body, type, reason] of [
        ["{ quebrado", "application/json", /não é um JSON válido/],
        ['{"outra": []}', "application/json", /não tem a lista "pensamentos"/],
        ["nome,email\nA,b\n", "text/csv", /não tem o cabeçalho do Memoteca/],
        ["não é zip", "application/zip", /não é um zip legível/],
        ["um texto qualquer", "text/plain", /não é um My Clippings.txt do Kindle/],
        ["", "application/json", /vazio|não é um JSON válido/],
      ] as const) {
        const response = await post(body, type);
        expect(response.statusCode, `${type}: ${body}`).toBe(400);
        expect(response.json().error.code).toBe("bad_request");
        expect(response.json().error.message).toMatch(reason);
      }
      expect(await wall()).toEqual(content([thought(1)]));
    });

    it("answers 415 to another kind of file and 413 past 50 MiB", async () => {
      const other = await post("PNG", "image/png");
      expect(other.statusCode).toBe(415);
      expect(other.json().error.message).toMatch(/JSON.*CSV.*zip.*Kindle/);
      const huge = await post(Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x20), "application/json");
      expect(huge.statusCode).toBe(413);
      expect(huge.json().error).toEqual({
        code: "payload_too_large",
        message: "O corpo da requisição passa de 50 MiB.",
      });
      expect(await wall()).toEqual([]);
    });

    it("needs the session when a password is set, and the anti-forgery header always", async () => {
      const file = JSON.stringify({ pensamentos: [thought(1)] });
      await suite.test.store.auth.setPassword(await hashPassword("senha-secreta"));
      const locked = await post(file, "application/json");
      expect(locked.statusCode).toBe(401);
      await suite.test.store.auth.removePassword();
      const forged = await suite.api.app.inject({
        method: "POST",
        url: apiPaths.import,
        payload: file,
        headers: { "content-type": "application/json" },
        cookies: { [SESSION_COOKIE]: "x" },
      });
      expect(forged.statusCode).toBe(403);
      expect(await wall()).toEqual([]);
    });

    // Only SQLite has an FTS5 index whose merging the import turns off for its insert.
    if (name === "sqlite") {
      it("leaves FTS5's merging on after an import, and the new thoughts searchable", async () => {
        const file = JSON.stringify({ pensamentos: [{ conteudo: "Girassóis ao sol", autoria: "Autora" }] });
        result(await post(file, "application/json"));
        const config = await sql<{
          v: number;
        }>`SELECT v FROM thoughts_fts_config WHERE k = 'automerge'`.execute(suite.test.store.db);
        expect(config.rows).toEqual([{ v: 4 }]);
        const found = await suite.api.call({ method: "GET", url: `${apiPaths.thoughts}?q=girassois` });
        expect(found.json()).toHaveLength(1);
      });
    }

    it("adds a file once when two imports of it reach the database at the same time", async () => {
      // Two processes on one database (a second server, the import script): the server's own one-import
      // gate cannot see the other, the database's lock must.
      const file = Array.from({ length: 300 }, (_, i) => thought(i));
      const outcomes = await Promise.all([
        suite.test.store.thoughts.importMany(file, { dryRun: false }),
        suite.test.store.thoughts.importMany(file, { dryRun: false }),
      ]);
      expect(outcomes.map((o) => o.imported).sort((a, b) => a - b)).toEqual([0, 300]);
      expect(await wall()).toHaveLength(300);
    });
  });
}
