import { describe, expect, it } from "vitest";
import type { ThoughtInput } from "../../domain/thought";
import { ImportItems, ValidItems } from "./validate-items";

const fields = (conteudo: string) => ({ conteudo, autoria: "Autoria de teste" });

describe("a file's first reading", () => {
  it("counts the valid items and keeps the errors, not the thoughts", async () => {
    const items = new ImportItems();
    for (const [at, item] of [
      ["item 1", fields("Um")],
      ["item 2", { conteudo: "" }],
      ["item 3", fields("Três")],
    ] as const) {
      await items.next();
      items.add(at, item);
    }
    expect(items.validCount).toBe(2);
    expect(items.errorCount).toBe(1);
    expect(items.errors.map((error) => error.at)).toEqual(["item 2"]);
    expect(items.ranked).toBe(false);
  });

  it("tells when the items arrive out of rank order, and only then", async () => {
    const items = new ImportItems();
    items.add("a", fields("Um"), 5);
    items.add("b", fields("Dois"), 5);
    items.add("c", fields("Três"), 7);
    expect(items.ranked).toBe(false);
    // An invalid item's rank does not count: it never goes onto the wall.
    items.add("d", { conteudo: "" }, 1);
    expect(items.ranked).toBe(false);
    items.add("e", fields("Quatro"), 6);
    expect(items.ranked).toBe(true);
  });
});

/** A second reading that records the text of each thought it hands over. */
function secondReading(options: { ranked: boolean }) {
  const handed: string[] = [];
  const valid = new ValidItems(async (input: ThoughtInput) => {
    handed.push(input.conteudo);
  }, options);
  return { handed, valid };
}

describe("a file's second reading", () => {
  it("hands each valid thought over before the next item is read, leaving the invalid out", async () => {
    const { handed, valid } = secondReading({ ranked: false });
    await valid.next();
    valid.add("item 1", fields("  Um  "));
    expect(handed).toEqual([]);
    await valid.next();
    expect(handed).toEqual(["Um"]);
    valid.add("item 2", { conteudo: "" });
    await valid.next();
    valid.add("item 3", fields("Três"));
    await valid.end();
    expect(handed).toEqual(["Um", "Três"]);
    expect(valid.count).toBe(2);
  });

  it("holds items of different ranks until the end and hands them over in rank order", async () => {
    const { handed, valid } = secondReading({ ranked: true });
    for (const [conteudo, rank] of [
      ["Tarde", 30],
      ["Cedo", 10],
      ["Meio-dia", 20],
      ["Também cedo", 10],
    ] as const) {
      await valid.next();
      valid.add(conteudo, fields(conteudo), rank);
    }
    expect(handed).toEqual([]);
    await valid.end();
    expect(handed).toEqual(["Cedo", "Também cedo", "Meio-dia", "Tarde"]);
  });
});
