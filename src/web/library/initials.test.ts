import { describe, expect, it } from "vitest";
import { byInitial, initialOf, sectionId } from "./initials";

describe("the authors' first letters", () => {
  it("takes the first letter without accent, in upper case, and # for what begins with no letter", () => {
    expect(["Érico", " ana", "Çaçá", "1984", "“Anônimo”", "Ωmega", "ßtraße"].map(initialOf)).toEqual([
      "E",
      "A",
      "C",
      "#",
      "#",
      "Ω",
      "S",
    ]);
  });

  it("cuts names in order into sections by letter, in the order the letters first appear", () => {
    expect(byInitial(["1984", "Ana", "Álvaro", "Bia", "Érico", "Eva"], (name) => name)).toEqual([
      { initial: "#", items: ["1984"] },
      { initial: "A", items: ["Ana", "Álvaro"] },
      { initial: "B", items: ["Bia"] },
      { initial: "E", items: ["Érico", "Eva"] },
    ]);
    expect([sectionId("#"), sectionId("E")]).toEqual(["letra-outros", "letra-E"]);
  });
});
