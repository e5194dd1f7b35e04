import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { asExported, thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths } from "../../domain/contract";
import { hashPassword } from "../auth/password-hash";
import { EVERY_CHUNK as EXPORT_CHUNK } from "../db";
import { localDate } from "../export/formats";

/** The export's text is checked: a quote to escape in each format. */
const input = (i: number) =>
  thoughtInput({ conteudo: `Pensamento ${i}, com "aspas"`, autoria: "Autor", favorito: i % 2 === 0 });

const CSV_HEADER = "id,conteudo,autoria,modelo,favorito,etiquetas,fonte,local,nota,criadoEm,atualizadoEm";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`GET /api/export on ${name}`, () => {
    const suite = apiSuite(name);
    beforeEach(async () => {
      await suite.test.store.auth.removePassword();
      await suite.test.store.db.deleteFrom("thoughts").execute();
    });

    const get = (query = "") => suite.api.call({ method: "GET", url: `${apiPaths.export}${query}` });
    const today = () => localDate(new Date());

    it("answers the JSON export as an attachment by default", async () => {
      await suite.test.store.thoughts.insertMany([input(1), input(2)]);
      const response = await get();
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="memoteca-${today()}.json"`);
      expect(response.json()).toEqual({
        pensamentos: (await suite.test.store.thoughts.all()).map(asExported),
      });
    });

    it("answers Markdown and CSV with their types and extensions", async () => {
      await suite.test.store.thoughts.insertMany([{ ...input(1), etiquetas: ["Poesia", "=Fórmula"] }]);
      const markdown = await get("?format=markdown");
      expect(markdown.statusCode).toBe(200);
      expect(markdown.headers["content-type"]).toBe("text/markdown; charset=utf-8");
      expect(markdown.headers["content-disposition"]).toBe(`attachment; filename="memoteca-${today()}.md"`);
      expect(markdown.body).toMatch(/^# Memoteca\n/);
      expect(markdown.body).toContain(
        '> Pensamento 1, com "aspas"\n\n— **Autor** · Etiquetas: Poesia, =Fórmula\n',
      );

      const csv = await get("?format=csv");
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers["content-disposition"]).toBe(`attachment; filename="memoteca-${today()}.csv"`);
      const [stored] = await suite.test.store.thoughts.all();
      const { id, criadoEm, atualizadoEm } = stored ?? { id: 0, criadoEm: "", atualizadoEm: "" };
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(csv.body).toBe(
        `\uFEFF${CSV_HEADER}\r\n${id},"Pensamento 1, com ""aspas""",Autor,modelo1,false,Poesia; =Fórmula,,,,${criadoEm},${atualizadoEm}\r\n`,
      );
    });

    it("answers an empty wall", async () => {
      expect((await get()).json()).toEqual({ pensamentos: [] });
      expect((await get("?format=csv")).body).toBe(`\uFEFF${CSV_HEADER}\r\n`);
    });

    it("refuses an unknown or repeated format with a validation error in Portuguese", async () => {
      for (const query of ["?format=xml", "?format=json&format=csv", "?format="]) {
        const response = await get(query);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe("validation");
      }
      expect((await get("?format=pdf")).json().error.message).toBe("format deve ser json, markdown ou csv.");
    });

    it("is behind the password: 401 without a session", async () => {
      await suite.test.store.auth.setPassword(await hashPassword("cavalo correto bateria", { log2N: 10 }));
      const response = await get("?format=csv");
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthorized");
      expect(response.headers["content-disposition"]).toBeUndefined();
    });

    it("streams a few thousand thoughts in order, none lost or repeated across chunks", async () => {
      await suite.test.store.thoughts.insertMany(
        Array.from({ length: 2 * EXPORT_CHUNK + 321 }, (_, i) => input(i)),
      );
      const all = await suite.test.store.thoughts.all();
      const gone = [all[EXPORT_CHUNK - 1]?.id, all[EXPORT_CHUNK]?.id, all[1700]?.id] as number[];
      for (const id of gone) await suite.test.store.thoughts.remove(id);
      const expected = all.filter((t) => !gone.includes(t.id));
      const json = await get("?format=json");
      expect(json.json().pensamentos).toEqual(expected.map(asExported));
      const csv = await get("?format=csv");
      const lines = csv.body.split("\r\n");
      expect(lines).toHaveLength(expected.length + 2);
      expect(lines.slice(1, -1).map((line) => Number(line.split(",")[0]))).toEqual(expected.map((t) => t.id));
    });
  });
}
