import { describe, expect, it } from "vitest";
import { splitMatches } from "./highlight";

const marked = (text: string, query?: string) =>
  splitMatches(text, query)
    .filter((segment) => segment.match)
    .map((segment) => segment.text);

describe("search matches in a card", () => {
  it("marks a match whatever its accents and case, in the original spelling", () => {
    expect(marked("O Coração tem razões", "coracao")).toEqual(["Coração"]);
    expect(marked("razão e RAZÃO", "Razao")).toEqual(["razão", "RAZÃO"]);
  });

  it("keeps every character of the text, in order", () => {
    const text = "Ação, reação e mais ação.";
    expect(
      splitMatches(text, "acao")
        .map((segment) => segment.text)
        .join(""),
    ).toBe(text);
    expect(marked(text, "acao")).toEqual(["Ação", "ação", "ação"]);
  });

  it("maps folded positions back when the text holds combining marks", () => {
    const decomposed = "cafe\u0301 com leite";
    expect(marked(decomposed, "café")).toEqual(["cafe\u0301"]);
  });

  it("marks nothing without a query or without a match", () => {
    expect(splitMatches("Sem busca", undefined)).toEqual([{ text: "Sem busca", match: false }]);
    expect(marked("Nada aqui", "xyz")).toEqual([]);
  });

  it("marks each word of the query wherever it is, in any order", () => {
    expect(marked("O poeta é um fingidor", "FINGIDOR poeta")).toEqual(["poeta", "fingidor"]);
    expect(marked("fim\ninício", "m\nin")).toEqual(["m", "in"]);
    expect(marked("Sem busca", "busca xyz")).toEqual(["busca"]);
  });

  it("marks overlapping or touching words as one piece", () => {
    expect(marked("Coração", "cora acao")).toEqual(["Coração"]);
    expect(marked("girassol", "giras sol")).toEqual(["girassol"]);
    expect(marked("girassol", "gira sol")).toEqual(["gira", "sol"]);
  });
});
