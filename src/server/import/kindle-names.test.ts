import { describe, expect, it } from "vitest";
import { readingOrder } from "./kindle-names";

describe("readingOrder", () => {
  it.each([
    ["Assis, Machado de", "Machado de Assis"],
    ["Rosa, João Guimarães", "João Guimarães Rosa"],
    ["Tolkien, J. R. R.", "J. R. R. Tolkien"],
    ["Saint-Exupéry, Antoine de", "Antoine de Saint-Exupéry"],
    ["O'Brien, Flann", "Flann O'Brien"],
    ["  Lispector ,  Clarice ", "Clarice Lispector"],
    ["Gaiman, Neil;Pratchett, Terry", "Neil Gaiman; Terry Pratchett"],
    ["Gaiman, Neil; Terry Pratchett", "Neil Gaiman; Terry Pratchett"],
  ])("turns '%s' into '%s'", (device, reader) => {
    expect(readingOrder(device)).toBe(reader);
  });

  it.each([
    ["a name without a comma", "Machado de Assis"],
    ["two commas", "King, Stephen, Jr."],
    ["digits on one side", "Editora 34, Coleção"],
    ["a bracket", "Homero, (trad.)"],
    ["nothing after the comma", "Assis,"],
    ["nothing before it", ", Machado"],
  ])("keeps %s as the device wrote it", (_, device) => {
    expect(readingOrder(device)).toBe(device);
  });
});
