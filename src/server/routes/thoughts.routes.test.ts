import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type ApiClient, apiClient } from "../../../test-support/server/api-client";
import {
  openTestStore,
  type TestStore,
  testDialects,
  whileSchemasStand,
} from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER, type Thought } from "../../domain/contract";
import { listQuerySchema } from "../../domain/contract-schemas";
import { messages } from "../../domain/messages";
import { MODELS } from "../../domain/rules";

const base = apiPaths.thoughts;
const csrfHeader = CSRF_HEADER.toLowerCase();
/** The searches below look for this author, and must not find this model. */
const valid = thoughtInput({ autoria: "Fernando Pessoa", modelo: "modelo2" });

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`thoughts API on ${name}`, () => {
    let test: TestStore;
    let api: ApiClient;

    beforeAll(async () => {
      test = await openTestStore(name);
      api = await apiClient(test.store);
    });
    afterAll(async () => {
      await api?.app.close();
      await test?.cleanup();
    });
    beforeEach(async () => {
      await test.store.db.deleteFrom("thoughts").execute();
    });

    const create = async (body: object = valid): Promise<Thought> => {
      const response = await api.call({ method: "POST", url: base, payload: body });
      expect(response.statusCode).toBe(201);
      return response.json();
    };
    /** Waits for the clock to pass the thought's last change, so the next change's time is a later one. */
    const tick = (thought: Thought) =>
      vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(thought.atualizadoEm)));
    const all = async (): Promise<Thought[]> =>
      (await api.call({ method: "GET", url: `${base}?_limit=100` })).json();

    describe("list", () => {
      it("answers newest first with X-Total-Count and a Link header", async () => {
        const created: Thought[] = [];
        for (let i = 0; i < 8; i++) created.push(await create(thoughtInput()));
        const response = await api.call({ method: "GET", url: `${base}?_page=2&_limit=3` });
        expect(response.statusCode).toBe(200);
        expect(response.headers["x-total-count"]).toBe("8");
        expect(response.json().map((t: Thought) => t.id)).toEqual(
          created
            .slice(2, 5)
            .reverse()
            .map((t) => t.id),
        );
        const link = String(response.headers.link);
        expect(link).toContain(`<${base}?_page=1&_limit=3>; rel="first"`);
        expect(link).toContain(`<${base}?_page=1&_limit=3>; rel="prev"`);
        expect(link).toContain(`<${base}?_page=3&_limit=3>; rel="next"`);
        expect(link).toContain(`<${base}?_page=3&_limit=3>; rel="last"`);
      });

      it("defaults to page 1 of 6 and says there is no next page at the end", async () => {
        for (let i = 0; i < 7; i++) await create();
        const first = await api.call({ method: "GET", url: base });
        expect(first.json()).toHaveLength(6);
        const second = await api.call({ method: "GET", url: `${base}?_page=2` });
        expect(second.json()).toHaveLength(1);
        expect(String(second.headers.link)).not.toContain('rel="next"');
      });

      it("filters favorites and searches ignoring case and accents, from 3 trimmed characters", async () => {
        const heart = await create({ ...valid, conteudo: "Coração valente", favorito: true });
        await create({ ...valid, conteudo: "Cor da pele" });
        const favorites = await api.call({ method: "GET", url: `${base}?favorito=true` });
        expect(favorites.json()).toEqual([heart]);
        expect(favorites.headers["x-total-count"]).toBe("1");
        const found = await api.call({ method: "GET", url: `${base}?q=${encodeURIComponent("  CORACAO ")}` });
        expect(found.json()).toEqual([heart]);
        const tooShort = await api.call({ method: "GET", url: `${base}?q=${encodeURIComponent(" co ")}` });
        expect(tooShort.headers["x-total-count"]).toBe("2");
        const byAuthor = await api.call({ method: "GET", url: `${base}?q=pessoa&favorito=false` });
        expect(byAuthor.headers["x-total-count"]).toBe("1");
        const byModel = await api.call({ method: "GET", url: `${base}?q=modelo2` });
        expect(byModel.json()).toEqual([]);
      });

      it("counts the search minimum in folded code points, so both databases give the same answer", async () => {
        const smile = await create({ ...valid, conteudo: "Sorria 😀😀😀 sempre" });
        const mixed = await create({ ...valid, conteudo: "Código ab😀 no fim" });
        await create({ ...valid, conteudo: "Nada aqui" });
        const total = async (q: string) =>
          (await api.call({ method: "GET", url: `${base}?q=${encodeURIComponent(q)}` })).headers[
            "x-total-count"
          ];
        // Under three code points once folded: no search at all, so the whole wall on both dialects.
        for (const short of ["😀😀", "e\u0301a", " 😀 ", "a\u0301\u0301b"])
          expect(await total(short)).toBe("3");
        const found = async (q: string) =>
          (await api.call({ method: "GET", url: `${base}?q=${encodeURIComponent(q)}` })).json();
        expect(await found("😀😀😀")).toEqual([smile]);
        expect(await found("ab😀")).toEqual([mixed]);
        expect(await found("CO\u0301D")).toEqual([mixed]);
      });

      it("refuses a search with a NUL or an unpaired surrogate, in pt-BR", async () => {
        for (const q of ["abc%00", "%00%00%00"]) {
          const response = await api.call({ method: "GET", url: `${base}?q=${q}` });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({
            error: { code: "validation", message: messages.textInvalid, fields: { q: messages.textInvalid } },
          });
        }
        // A URL is UTF-8, where a lone surrogate has no form (it arrives as U+FFFD); the schema refuses it anyway.
        const parsed = listQuerySchema.safeParse({ q: "abc\uD800" });
        expect(parsed.error?.issues[0]?.message).toBe(messages.textInvalid);
      });

      it.each([
        ["_page=1&_page=2", "_page"],
        ["_limit=3&_limit=4", "_limit"],
        ["q=abc&q=def", "q"],
        ["favorito=true&favorito=false", "favorito"],
      ])("refuses the repeated parameter of %s with a pt-BR message", async (query, name) => {
        const response = await api.call({ method: "GET", url: `${base}?${query}` });
        expect(response.statusCode).toBe(400);
        const message = `${name} deve aparecer uma só vez.`;
        expect(response.json()).toEqual({
          error: { code: "validation", message, fields: { [name]: message } },
        });
      });

      it.each([
        "_page=0",
        "_page=abc",
        "_page=1.5",
        "_limit=0",
        "_limit=101",
        "_limit=-1",
        "favorito=sim",
        "favorito=",
      ])("rejects %s with a 400", async (query) => {
        const response = await api.call({ method: "GET", url: `${base}?${query}` });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe("validation");
      });
    });

    describe("single thought", () => {
      it("creates with defaults, answers 201 with Location, and reads it back", async () => {
        const response = await api.call({
          method: "POST",
          url: base,
          payload: { conteudo: "Só o conteúdo", autoria: "  Eu mesmo  " },
        });
        expect(response.statusCode).toBe(201);
        const thought = response.json();
        expect(thought).toEqual({
          id: expect.any(Number),
          ...thoughtInput({
            conteudo: "Só o conteúdo",
            autoria: "Eu mesmo",
            modelo: "modelo1",
            favorito: false,
          }),
          criadoEm: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          atualizadoEm: thought.criadoEm,
          versao: 1,
        });
        expect(response.headers.location).toBe(`${base}/${thought.id}`);
        const read = await api.call({ method: "GET", url: `${base}/${thought.id}` });
        expect(read.json()).toEqual(thought);
      });

      it("replaces with PUT, taking the id from the path and never the dates from the body", async () => {
        const thought = await create();
        await tick(thought);
        const replaced = {
          id: 12345,
          ...thoughtInput({ modelo: "modelo3", favorito: true, fonte: "Livro" }),
        };
        const dates = { criadoEm: "2000-01-01T00:00:00.000Z", atualizadoEm: "2000-01-01T00:00:00.000Z" };
        const response = await api.call({
          method: "PUT",
          url: `${base}/${thought.id}`,
          payload: { ...replaced, ...dates },
        });
        expect(response.statusCode).toBe(200);
        const answer = response.json();
        expect(answer).toEqual({
          ...replaced,
          id: thought.id,
          criadoEm: thought.criadoEm,
          atualizadoEm: expect.any(String),
          versao: 2,
        });
        expect(Date.parse(answer.atualizadoEm)).toBeGreaterThan(Date.parse(thought.atualizadoEm));
      });

      it("keeps on a PUT what its body leaves out: the original app's favourite toggle keeps labels, source, note and dates", async () => {
        const thought = await create({
          ...valid,
          modelo: "modelo3",
          etiquetas: ["poesia", "Pessoa"],
          fonte: "Mensagem",
          local: "p. 42",
          nota: "Li na escola.\nE de novo agora.",
        });
        await tick(thought);
        // The original Angular app knows five fields and sends the thought as it knows it: exactly these.
        const { id, conteudo, autoria, favorito } = thought;
        const known = { id, conteudo, autoria, modelo: "modelo3", favorito: !favorito };
        const response = await api.call({ method: "PUT", url: `${base}/${id}`, payload: known });
        expect(response.statusCode).toBe(200);
        const toggled = response.json();
        expect(toggled).toEqual({
          ...thought,
          favorito: !favorito,
          atualizadoEm: expect.any(String),
          versao: 2,
        });
        expect(Date.parse(toggled.atualizadoEm)).toBeGreaterThan(Date.parse(thought.atualizadoEm));
        const fewer = { conteudo: "Outro texto", autoria };
        const again = await api.call({ method: "PUT", url: `${base}/${id}`, payload: fewer });
        expect(again.json()).toEqual({
          ...thought,
          conteudo: "Outro texto",
          favorito: !favorito,
          atualizadoEm: expect.any(String),
          versao: 3,
        });
        expect((await api.call({ method: "GET", url: `${base}/${id}` })).json()).toEqual(again.json());
      });

      it("still requires on a PUT the fields a create requires", async () => {
        const thought = await create();
        const response = await api.call({
          method: "PUT",
          url: `${base}/${thought.id}`,
          payload: { autoria: "Fernando Pessoa" },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toHaveProperty("conteudo");
        expect((await api.call({ method: "GET", url: `${base}/${thought.id}` })).json()).toEqual(thought);
      });

      it("patches only the given field, so a favorite toggle loses no other change", async () => {
        const thought = await create();
        await api.call({ method: "PATCH", url: `${base}/${thought.id}`, payload: { conteudo: "Editado" } });
        const response = await api.call({
          method: "PATCH",
          url: `${base}/${thought.id}`,
          payload: { favorito: true },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          ...thought,
          conteudo: "Editado",
          favorito: true,
          atualizadoEm: expect.any(String),
          versao: 3,
        });
      });

      it("never takes the dates from a PATCH: a body of dates alone changes nothing", async () => {
        const thought = await create();
        const dates = { criadoEm: "2000-01-01T00:00:00.000Z", atualizadoEm: "2000-01-01T00:00:00.000Z" };
        const alone = await api.call({ method: "PATCH", url: `${base}/${thought.id}`, payload: dates });
        expect(alone.statusCode).toBe(400);
        const withNote = await api.call({
          method: "PATCH",
          url: `${base}/${thought.id}`,
          payload: { ...dates, nota: "Uma nota" },
        });
        expect(withNote.json()).toEqual({
          ...thought,
          nota: "Uma nota",
          atualizadoEm: expect.any(String),
          versao: 2,
        });
        expect(withNote.json().atualizadoEm).not.toBe(dates.atualizadoEm);
      });

      it("deletes with 204, to the trash, and then answers 404", async () => {
        const thought = await create();
        const removed = await api.call({ method: "DELETE", url: `${base}/${thought.id}` });
        expect(removed.statusCode).toBe(204);
        expect(removed.body).toBe("");
        const again = await api.call({ method: "DELETE", url: `${base}/${thought.id}` });
        expect(again.statusCode).toBe(404);
        expect((await api.call({ method: "GET", url: `${base}/${thought.id}` })).statusCode).toBe(404);
        const trash = await api.call({ method: "GET", url: `${apiPaths.trash}?_limit=100` });
        expect(trash.json()).toContainEqual({ ...thought, excluidoEm: expect.any(String) });
      });

      it("deletes when the request says JSON but carries no body", async () => {
        const thought = await create();
        const removed = await api.call({
          method: "DELETE",
          url: `${base}/${thought.id}`,
          headers: { "content-type": "application/json" },
        });
        expect(removed.statusCode).toBe(204);
        expect(await all()).toEqual([]);
      });

      it("reads the JSON content type in any case", async () => {
        const response = await api.call({
          method: "POST",
          url: base,
          headers: { "content-type": "Application/JSON; Charset=UTF-8" },
          payload: JSON.stringify(valid),
        });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject(valid);
      });

      it.each([
        ["GET", undefined],
        ["PUT", valid],
        ["PATCH", { favorito: true }],
        ["DELETE", undefined],
      ] as const)("answers %s of a missing or malformed id with a JSON 404", async (method, payload) => {
        for (const id of ["999999", "abc", "0", "-1", "2147483648", "999999999999999"]) {
          const response = await api.call({ method, url: `${base}/${id}`, payload });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({
            error: { code: "not_found", message: "Pensamento não encontrado." },
          });
        }
      });
    });

    describe("rejections", () => {
      it("reports each invalid field with the form's pt-BR message", async () => {
        const response = await api.call({
          method: "POST",
          url: base,
          payload: { conteudo: "   ", autoria: "ab", modelo: "modelo9", favorito: "sim" },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: {
            code: "validation",
            message: messages.contentRequired,
            fields: {
              conteudo: messages.contentRequired,
              autoria: messages.authorTooShort.edit,
              modelo: messages.modelInvalid,
              favorito: messages.favoriteInvalid,
            },
          },
        });
      });

      it("refuses an over-long or non-text source, place or note on every write, naming the field, storing nothing", async () => {
        const thought = await create({ ...valid, fonte: "Livro", local: "p. 1", nota: "Nota" });
        const bad = [
          [{ fonte: "f".repeat(301) }, "fonte", messages.sourceTooLong],
          [{ local: "l".repeat(101) }, "local", messages.placeTooLong],
          [{ nota: "n".repeat(10_001) }, "nota", messages.noteTooLong],
          [{ fonte: 42 }, "fonte", messages.sourceInvalid],
          [{ local: ["p. 1"] }, "local", messages.placeInvalid],
          [{ nota: null }, "nota", messages.noteInvalid],
        ] as const;
        for (const [fields, field, message] of bad) {
          for (const [method, url] of [
            ["POST", base],
            ["PUT", `${base}/${thought.id}`],
            ["PATCH", `${base}/${thought.id}`],
          ] as const) {
            const response = await api.call({ method, url, payload: { ...valid, ...fields } });
            expect(response.statusCode, `${method} ${field}`).toBe(400);
            expect(response.json()).toEqual({
              error: { code: "validation", message, fields: { [field]: message } },
            });
          }
        }
        expect(await all()).toEqual([thought]);
        // At the limits, trimmed, all three are taken.
        const longest = { fonte: ` ${"f".repeat(300)} `, local: "l".repeat(100), nota: "n".repeat(10_000) };
        const response = await api.call({ method: "PATCH", url: `${base}/${thought.id}`, payload: longest });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ ...longest, fonte: "f".repeat(300) });
        expect(await all()).toEqual([response.json()]);
      });

      it.each([
        ["a NUL", "Olá\\u0000mundo"],
        ["an unpaired high surrogate", "Olá \\ud83d mundo"],
        ["an unpaired low surrogate", "\\ude00 Olá"],
      ])(
        "refuses %s in the content or the author on every write, storing nothing",
        async (_name, escaped) => {
          const thought = await create();
          for (const field of ["conteudo", "autoria"]) {
            // Written by hand: JSON.stringify would escape the surrogate the same way, the NUL too.
            const body = `{"conteudo":"Válido","autoria":"Autor válido","${field}":"${escaped}"}`;
            for (const [method, url] of [
              ["POST", base],
              ["PUT", `${base}/${thought.id}`],
              ["PATCH", `${base}/${thought.id}`],
            ] as const) {
              const response = await api.call({
                method,
                url,
                headers: { "content-type": "application/json" },
                payload: body,
              });
              expect(response.statusCode).toBe(400);
              expect(response.json()).toEqual({
                error: {
                  code: "validation",
                  message: messages.textInvalid,
                  fields: { [field]: messages.textInvalid },
                },
              });
            }
          }
          expect(await all()).toEqual([thought]);
        },
      );

      it("reads content or author of invisible characters alone as empty", async () => {
        const invisible = "\u200B\u200C\u200D\u2060\uFEFF";
        const response = await api.call({
          method: "POST",
          url: base,
          payload: { conteudo: ` ${invisible} `, autoria: invisible },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({
          conteudo: messages.contentRequired,
          autoria: messages.authorRequired.edit,
        });
        const short = await api.call({
          method: "POST",
          url: base,
          payload: { ...valid, autoria: "ab\u200B" },
        });
        expect(short.json().error.fields).toEqual({ autoria: messages.authorTooShort.edit });
        const emoji = await api.call({ method: "POST", url: base, payload: { ...valid, autoria: "😀😀😀" } });
        expect(emoji.statusCode).toBe(201);
        expect(emoji.json().autoria).toBe("😀😀😀");
      });

      it("answers 400 to malformed JSON, 415 to a body that is not JSON and 413 over 64 KiB", async () => {
        const malformed = await api.call({
          method: "POST",
          url: base,
          headers: { "content-type": "application/json" },
          payload: "{conteudo:",
        });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json().error.code).toBe("bad_request");
        const text = await api.call({
          method: "POST",
          url: base,
          headers: { "content-type": "text/plain" },
          payload: "conteudo=oi",
        });
        expect(text.statusCode).toBe(415);
        expect(text.json().error.code).toBe("unsupported_media_type");
        const huge = await api.call({
          method: "POST",
          url: base,
          payload: { ...valid, conteudo: "x".repeat(70 * 1024) },
        });
        expect(huge.statusCode).toBe(413);
        expect(huge.json().error.code).toBe("payload_too_large");
      });

      it("answers 403 to a write without a matching anti-forgery header", async () => {
        const thought = await create();
        const attempts = [
          { headers: { [csrfHeader]: "" } },
          { headers: { [csrfHeader]: `${api.token.slice(0, -1)}x` } },
          { headers: { [csrfHeader]: api.token }, cookies: { [CSRF_COOKIE]: "another" } },
        ];
        for (const attempt of attempts) {
          for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
            const url = method === "POST" ? base : `${base}/${thought.id}`;
            const response = await api.call({ method, url, payload: valid, ...attempt });
            expect(response.statusCode).toBe(403);
            expect(response.json().error.code).toBe("forbidden");
          }
        }
        const bare = await api.app.inject({ method: "DELETE", url: `${base}/${thought.id}` });
        expect(bare.statusCode).toBe(403);
        expect(await all()).toEqual([thought]);
      });

      it("answers 429 rate_limited past the write limit, and keeps answering reads", async () => {
        const limited = await apiClient(test.store, { writeRateLimit: 2 });
        try {
          const write = () => limited.call({ method: "POST", url: base, payload: valid });
          expect((await write()).statusCode).toBe(201);
          expect((await write()).statusCode).toBe(201);
          const refused = await write();
          expect(refused.statusCode).toBe(429);
          expect(refused.json()).toEqual({
            error: { code: "rate_limited", message: "Muitas requisições. Tente de novo em instantes." },
          });
          expect((await limited.call({ method: "GET", url: base })).statusCode).toBe(200);
          expect(await all()).toHaveLength(2);
        } finally {
          await limited.app.close();
        }
      });

      it("hides the cause of a 5xx: no stack, no SQL", async () => {
        const broken = await openTestStore(name);
        const brokenApi = await apiClient(broken.store);
        // The wall's list reads the wall's state for its total: without it, the list fails. Dropped while no
        // other suite migrates: Kysely's migrator reads every schema's tables and fails on one dropped meanwhile.
        await whileSchemasStand(name, () => sql`DROP TABLE wall_state`.execute(broken.store.db));
        try {
          const response = await brokenApi.call({ method: "GET", url: base });
          expect(response.statusCode).toBe(500);
          expect(response.json()).toEqual({
            error: { code: "internal", message: "Erro interno. Tente de novo em instantes." },
          });
          expect(response.body).not.toMatch(/thoughts|select|at \w|\.ts/i);
        } finally {
          await brokenApi.app.close();
          await broken.cleanup();
        }
      });

      it("changes nothing when a random bad request is rejected", async () => {
        const existing = await create();
        const before = await all();
        const notText = fc.oneof(
          fc.constant(null),
          fc.integer(),
          fc.boolean(),
          fc.array(fc.string(), { maxLength: 2 }),
          fc.object({ maxDepth: 1 }),
        );
        const badText = fc.constantFrom(
          "a\u0000b",
          "\u0000",
          "ab\uD800c",
          "\uDFFFabc",
          "\u200B\uFEFF",
          " \u2060 ",
        );
        const badContent = fc.oneof(notText, badText, fc.constantFrom("", "  \n ", "x".repeat(10_001)));
        const badAuthor = fc.oneof(
          notText,
          badText,
          fc.constantFrom("", "ab", "  a  ", "ab\u200B", "y".repeat(201)),
        );
        const badFlag = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.object({ maxDepth: 1 }));
        const notAModel = fc.string().filter((text) => !(MODELS as readonly string[]).includes(text));
        const badBody = fc.oneof(
          fc.record(
            {
              conteudo: badContent,
              autoria: fc.constant("Autor válido"),
              modelo: fc.constantFrom("modelo1"),
            },
            { requiredKeys: ["conteudo"] },
          ),
          fc.record({ conteudo: fc.constant("Válido"), autoria: badAuthor }),
          fc.record({ conteudo: fc.constant("Válido"), autoria: fc.constant("Autor"), modelo: notAModel }),
          fc.record({ conteudo: fc.constant("Válido"), autoria: fc.constant("Autor"), favorito: badFlag }),
          fc.constant({}),
          fc.constant([]),
          fc.constant("texto"),
        );
        const target = fc.record({
          method: fc.constantFrom("POST", "PUT", "PATCH"),
          body: badBody,
          token: fc.boolean(),
        });
        await fc.assert(
          fc.asyncProperty(target, async ({ method, body, token }) => {
            const url = method === "POST" ? base : `${base}/${existing.id}`;
            const response = await api.call({
              method,
              url,
              payload: JSON.stringify(body),
              headers: {
                "content-type": "application/json",
                ...(token ? {} : { [csrfHeader]: "forjado" }),
              },
            });
            expect([400, 403]).toContain(response.statusCode);
            expect(await all()).toEqual(before);
          }),
          { numRuns: 60 },
        );
      });
    });
  });
}
