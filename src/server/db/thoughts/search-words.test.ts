import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import type { Thought } from "../../../domain/contract";
import { labelKey } from "../../../domain/labels";
import { foldText, isIndexedWord, searchWords } from "../../../domain/search-text";
import type { ThoughtListQuery } from "../../../domain/thought-list";

const LIMIT = 100;

/** The wall of the searches below, oldest first. */
const inputs = [
  { conteudo: "O poeta é um fingidor", autoria: "Fernando Pessoa", etiquetas: ["Modernismo"] },
  { conteudo: "Finge tão completamente", autoria: "Fernando Pessoa", etiquetas: ["Modernismo", "Poesia"] },
  { conteudo: "Eu sou um poeta menor", autoria: "Alguém", etiquetas: [] },
  { conteudo: "Amar é mudar a alma", autoria: "Luís de Camões", etiquetas: ["Clássicos"] },
  { conteudo: "Um lugar ao sol", autoria: "Érico Veríssimo", etiquetas: ["Ética"], favorito: true },
  { conteudo: "A crase é uma preposição", autoria: "Gramática", etiquetas: ["Língua"] },
].map((fields) => thoughtInput({ favorito: false, ...fields }));

/**
 * What the API promises, written plainly: every word, folded, is in the folded conteudo or autoria, or (from
 * three letters on) in the folded name of one of the thought's labels. The searches below are also checked
 * against ids written out by hand, so this reference cannot agree with a wrong query by itself.
 */
function holdsEvery(thought: Thought, search: string): boolean {
  const text = `${foldText(thought.conteudo)}\n${foldText(thought.autoria)}`;
  return searchWords(search).every(
    (word) =>
      text.includes(word) ||
      (isIndexedWord(word) && thought.etiquetas.some((label) => foldText(label).includes(word))),
  );
}

/** Searches and the positions (0 = oldest) of the thoughts they find, newest first. */
const searches: [search: string, positions: number[], why: string][] = [
  ["poeta fingidor", [0], "two words of the text, apart"],
  ["FINGIDOR poeta", [0], "in any order, without case"],
  ["poeta modernismo", [0], "one word in the text, the other in a label only"],
  ["modernismo", [1, 0], "a label's name that no text holds"],
  ["modern", [1, 0], "the last word as a prefix while it is typed"],
  ["pessoa finge", [1], "the author and the text"],
  ["fernando pessoa completamente", [1], "three words"],
  ["etica", [4], "a label's accents ignored"],
  ["ÉTICA sol", [4], "a label and the text, accents in the query"],
  ["camoes amar", [3], "the author's accents ignored"],
  ["poeta fi", [0], "a two-letter word among longer ones, matched in the text"],
  ["finge po", [], "a two-letter word never matches a label's name ('Poesia')"],
  ["um a", [5, 4, 2, 0], "only short words: every one in the text"],
  ["poeta xyz", [], "one word that matches nothing"],
  ["poesia modernismo", [1], "two labels of the same thought"],
  ["classicos modernismo", [], "two labels of different thoughts"],
];

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`word search on ${name}`, () => {
    let test: TestStore;
    let wall: Thought[];

    beforeAll(async () => {
      test = await openTestStore(name);
      await test.store.thoughts.insertMany(inputs);
      wall = await test.store.thoughts.all();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    const ids = (positions: number[]) => positions.map((position) => wall[position]?.id);
    const list = (query: Partial<ThoughtListQuery>) =>
      test.store.thoughts.list({ page: 1, limit: LIMIT, ...query });

    for (const [search, positions, why] of searches) {
      it(`finds ${JSON.stringify(search)}: ${why}`, async () => {
        const expected = wall
          .filter((thought) => holdsEvery(thought, search))
          .map((thought) => thought.id)
          .reverse();
        expect(expected).toEqual(ids(positions));
        const page = await list({ search });
        expect(page.items.map((thought) => thought.id)).toEqual(expected);
        expect(page.total).toBe(expected.length);
        const cursorPage = await list({ search, after: 1_000_000 });
        expect(cursorPage.items.map((thought) => thought.id)).toEqual(expected);
        // A page of one, then the next: the page and its total agree when the page is cut short.
        const first = await list({ search, limit: 1 });
        expect(first.total).toBe(expected.length);
        expect(first.items.map((thought) => thought.id)).toEqual(expected.slice(0, 1));
      });
    }

    it("combines the words with the favorites and a label filter", async () => {
      expect((await list({ search: "sol etica", favorite: true })).items.map((t) => t.id)).toEqual(ids([4]));
      expect((await list({ search: "sol etica", favorite: false })).total).toBe(0);
      const labelled = await list({ search: "fernando", label: labelKey("Poesia") });
      expect(labelled.items.map((t) => t.id)).toEqual(ids([1]));
      expect(labelled.total).toBe(1);
    });

    it("follows a label's rename: its old name no longer finds, its new one does", async () => {
      expect((await list({ search: "poeta modernismo" })).total).toBe(1);
      await test.store.labels.rename("Modernismo", "Vanguarda");
      try {
        expect((await list({ search: "modernismo" })).total).toBe(0);
        expect((await list({ search: "poeta modernismo" })).total).toBe(0);
        const renamed = await list({ search: "poeta vanguarda" });
        expect(renamed.items.map((t) => t.id)).toEqual(ids([0]));
        expect(renamed.total).toBe(1);
      } finally {
        await test.store.labels.rename("Vanguarda", "Modernismo");
      }
      expect((await list({ search: "modernismo" })).total).toBe(2);
    });
  });
}
