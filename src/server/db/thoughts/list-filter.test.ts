import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestStore, type TestStore, testDialects } from "../../../../test-support/server/test-stores";
import { thoughtInput } from "../../../../test-support/thought-factory";
import type { Thought } from "../../../domain/contract";
import { labelKey } from "../../../domain/labels";
import { MODELS } from "../../../domain/rules";
import { authorKey } from "../../../domain/search-text";
import type { ListFilter } from "./list-filter";
import type { ThoughtsRepository } from "./thoughts.repository";

const THOUGHTS = 24;
const LIMIT = 100;

/** Every thought mentions "comum", so a search for it leaves what the filter alone leaves. */
const inputs = Array.from({ length: THOUGHTS }, (_, i) =>
  thoughtInput({
    conteudo: `Pensamento comum ${i}`,
    autoria: i % 4 === 0 ? "Cecília Meireles" : "Outra Pessoa",
    favorito: i % 2 === 0,
    etiquetas: i % 3 === 0 ? ["Poesia"] : i % 5 === 0 ? ["Música"] : i % 7 === 0 ? ["musica"] : [],
    modelo: MODELS[i % MODELS.length],
    fonte: i % 5 === 0 ? "Mar absoluto" : i % 5 === 1 ? "mar absoluto" : "",
  }),
);

const filters: Record<string, { filter: ListFilter; keeps: (thought: Thought) => boolean }> = {
  favorites: { filter: { favorite: true }, keeps: (t) => t.favorito },
  "not favorites": { filter: { favorite: false }, keeps: (t) => !t.favorito },
  label: { filter: { label: labelKey("POESIA") }, keeps: (t) => t.etiquetas.includes("Poesia") },
  // Two labels ('música' and 'musica' are two keys) that the filter, like the search, does not tell apart.
  "label without its accents": {
    filter: { label: labelKey("MUSICA") },
    keeps: (t) => t.etiquetas.includes("Música") || t.etiquetas.includes("musica"),
  },
  "label with its accents": {
    filter: { label: labelKey("Música") },
    keeps: (t) => t.etiquetas.includes("Música") || t.etiquetas.includes("musica"),
  },
  author: {
    filter: { author: authorKey("cecilia meireles") },
    keeps: (t) => t.autoria === "Cecília Meireles",
  },
  source: { filter: { source: "Mar absoluto" }, keeps: (t) => t.fonte === "Mar absoluto" },
  "author's source": {
    filter: { author: authorKey("CECILIA MEIRELES"), source: "Mar absoluto" },
    keeps: (t) => t.autoria === "Cecília Meireles" && t.fonte === "Mar absoluto",
  },
  models: { filter: { models: [MODELS[1] ?? "modelo2"] }, keeps: (t) => t.modelo === MODELS[1] },
  "label left out": {
    filter: { without: labelKey("poesia") },
    keeps: (t) => !t.etiquetas.includes("Poesia"),
  },
  // As the label filter, the label left out does not tell 'Música' and 'musica' apart.
  "label left out without its accents": {
    filter: { without: labelKey("MUSICA") },
    keeps: (t) => !t.etiquetas.includes("Música") && !t.etiquetas.includes("musica"),
  },
  "author without a label": {
    filter: { author: authorKey("cecilia meireles"), without: labelKey("Poesia") },
    keeps: (t) => t.autoria === "Cecília Meireles" && !t.etiquetas.includes("Poesia"),
  },
  "favorite label": {
    filter: { favorite: true, label: labelKey("poesia") },
    keeps: (t) => t.favorito && t.etiquetas.includes("Poesia"),
  },
};

/** Each kind of list read, answering the ids it read (newest first, or oldest first for positions) and the total. */
const reads: Record<string, (thoughts: ThoughtsRepository, filter: ListFilter) => Promise<number[]>> = {
  "a page": async (thoughts, filter) => ids(await thoughts.list({ page: 1, limit: LIMIT, ...filter })),
  "a cursor's page": async (thoughts, filter) =>
    ids(await thoughts.list({ page: 1, limit: LIMIT, after: 1_000_000, ...filter })),
  "a search": async (thoughts, filter) =>
    ids(await thoughts.list({ page: 1, limit: LIMIT, search: "comum", ...filter })),
  "a search's cursor page": async (thoughts, filter) =>
    ids(await thoughts.list({ page: 1, limit: LIMIT, search: "comum", after: 1_000_000, ...filter })),
  "a sorted page": async (thoughts, filter) =>
    ids(
      await thoughts.list({ page: 1, limit: LIMIT, sort: [{ field: "id", direction: "desc" }], ...filter }),
    ),
  "a slice": async (thoughts, filter) =>
    ids(await thoughts.list({ page: 1, limit: LIMIT, offset: 0, ...filter })),
  "the thought at each position": async (thoughts, filter) => {
    const found: number[] = [];
    for (let position = 0; ; position++) {
      const thought = await thoughts.at(position, filter);
      if (!thought) return found.reverse();
      found.push(thought.id);
    }
  },
};

/** A page's ids, checked against its total (the count over all pages must agree with what was read). */
function ids(page: { items: Thought[]; total: number }): number[] {
  expect(page.total).toBe(page.items.length);
  return page.items.map((thought) => thought.id);
}

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the list filter on ${name}`, () => {
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

    for (const [filterName, { filter, keeps }] of Object.entries(filters)) {
      for (const [readName, read] of Object.entries(reads)) {
        it(`narrows ${readName} to the ${filterName}`, async () => {
          const expected = wall
            .filter(keeps)
            .map((thought) => thought.id)
            .reverse();
          expect(expected.length).toBeGreaterThan(0);
          expect(expected.length).toBeLessThan(THOUGHTS);
          expect(await read(test.store.thoughts, filter)).toEqual(expected);
        });
      }
    }
  });
}
