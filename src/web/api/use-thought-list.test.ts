import { describe, expect, it } from "vitest";
import type { Thought } from "../../domain/thought";
import { nextPageParam } from "./use-thought-list";

const thoughts = (count: number): Thought[] =>
  Array.from({ length: count }, (_, id) => ({
    id,
    conteudo: `Pensamento ${id}`,
    autoria: "Autoria",
    modelo: "modelo1",
    favorito: false,
  }));

describe("the wall's paging state", () => {
  it("asks for page 2 while X-Total-Count says more are left", () => {
    expect(nextPageParam([{ items: thoughts(6), total: 14 }])).toBe(2);
    expect(
      nextPageParam([
        { items: thoughts(6), total: 14 },
        { items: thoughts(6), total: 14 },
      ]),
    ).toBe(3);
  });

  it("stops once everything is shown, so no click comes back empty", () => {
    expect(nextPageParam([{ items: thoughts(6), total: 6 }])).toBeUndefined();
    expect(
      nextPageParam([
        { items: thoughts(6), total: 8 },
        { items: thoughts(2), total: 8 },
      ]),
    ).toBeUndefined();
    expect(nextPageParam([{ items: [], total: 0 }])).toBeUndefined();
  });

  it("stops on an empty page even if the total promised more (the list shrank meanwhile)", () => {
    expect(
      nextPageParam([
        { items: thoughts(6), total: 20 },
        { items: [], total: 20 },
      ]),
    ).toBeUndefined();
  });

  it("starts at page 1", () => {
    expect(nextPageParam([])).toBe(1);
  });
});
