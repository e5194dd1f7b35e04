import { beforeAll, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { suggestionsUrl } from "../../domain/suggestions-route";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`what an empty search offers, on ${name}`, () => {
    const suite = apiSuite(name);
    beforeAll(async () => {
      await suite.test.store.thoughts.insertMany([
        thoughtInput({ conteudo: "Um", autoria: "Machado de Assis", etiquetas: ["Romance"] }),
        thoughtInput({ conteudo: "Dois", autoria: "Machado de Assis", etiquetas: ["Realismo"] }),
        thoughtInput({ conteudo: "Três", autoria: "Mário de Andrade", etiquetas: ["Modernismo"] }),
        thoughtInput({ conteudo: "Quatro", autoria: "Cecília Meireles", etiquetas: ["Modernismo", "Ética"] }),
        thoughtInput({ conteudo: "Cinco", autoria: "Machado de Assis", fonte: "Dom Casmurro" }),
        thoughtInput({ conteudo: "Seis", autoria: "Machado de Assis", fonte: "Dom Casmurro" }),
        thoughtInput({ conteudo: "Sete", autoria: "Um Tradutor", fonte: "Dom Casmurro" }),
        thoughtInput({ conteudo: "Oito", autoria: "Cecília Meireles", fonte: "Ou isto ou aquilo" }),
      ]);
    });
    const suggest = (q: string) => suite.api.call({ method: "GET", url: suggestionsUrl(q) });

    it("offers the labels and authors whose names hold a word, ignoring case and accents", async () => {
      const answer = await suggest("MACHADO modernismo");
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        etiquetas: [{ nome: "Modernismo", total: 2 }],
        autorias: [{ nome: "Machado de Assis", total: 4 }],
        // Machado's books hold neither word in their names.
        fontes: [],
      });
      expect((await suggest("etica mario")).json()).toEqual({
        etiquetas: [{ nome: "Ética", total: 1 }],
        autorias: [{ nome: "Mário de Andrade", total: 1 }],
        fontes: [],
      });
    });

    it("offers the sources whose names hold a word, each with its author, ignoring case and accents", async () => {
      expect((await suggest("CASMURRO")).json()).toEqual({
        etiquetas: [],
        autorias: [],
        fontes: [
          { nome: "Dom Casmurro", autoria: "Machado de Assis", total: 2 },
          { nome: "Dom Casmurro", autoria: "Um Tradutor", total: 1 },
        ],
      });
      // A source's name, not its thoughts' other words: "Cecília" names an author, not the book.
      expect((await suggest("aquilo cecilia")).json()).toMatchObject({
        fontes: [{ nome: "Ou isto ou aquilo", autoria: "Cecília Meireles", total: 1 }],
      });
    });

    it("puts the names holding more of the words first, then the most used", async () => {
      const { autorias } = (await suggest("assis andrade de")).json() as { autorias: { nome: string }[] };
      // "de" is under three letters: it names nothing, or every author with a "de" would be offered.
      expect(autorias.map((author) => author.nome)).toEqual(["Machado de Assis", "Mário de Andrade"]);
      expect((await suggest("mo ab")).json()).toEqual({ etiquetas: [], autorias: [], fontes: [] });
    });

    it("refuses a search that is missing or too long, in Portuguese", async () => {
      const missing = await suite.api.call({ method: "GET", url: suggestionsUrl("x").split("?")[0] });
      expect(missing.statusCode).toBe(400);
      const long = await suggest("a".repeat(201));
      expect(long.statusCode).toBe(400);
      expect((long.json() as { error: { message: string } }).error.message).toBe(
        "q deve ter no máximo 200 caracteres.",
      );
    });
  });
}
