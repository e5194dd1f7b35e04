import { describe, expect, it } from "vitest";
import { counted, errorsNotListed, importSummary, importUndoneText } from "./import-summary";

const result = { dryRun: false, imported: 0, skipped: 0, duplicates: 0, errors: [], errorsNotListed: 0 };

describe("an import's sentences", () => {
  it("take the singular for 1 only, and set thousands apart as 'Importações' does", () => {
    expect(counted(0, "pensamento", "pensamentos")).toBe("0 pensamentos");
    expect(counted(1, "pensamento", "pensamentos")).toBe("1 pensamento");
    expect(counted(2000, "pensamento", "pensamentos")).toBe("2.000 pensamentos");
    expect(errorsNotListed(1500)).toBe("e mais 1.500 erros");
  });

  it("say what an import did, with every count written alike", () => {
    expect(
      importSummary({
        ...result,
        imported: 12_345,
        skipped: 1_204,
        duplicates: 1_200,
        passedOver: [{ reason: "Marcadores do Kindle", count: 4_000 }],
      }),
    ).toBe(
      "12.345 pensamentos importados, 1.204 ignorados (1.200 já estavam no mural; Marcadores do Kindle: 4.000).",
    );
    expect(importSummary({ ...result, dryRun: true, imported: 1 })).toBe(
      "Simulação: 1 pensamento seria importado. Nada foi alterado no mural.",
    );
  });

  it("say where an undone import went", () => {
    expect(importUndoneText(1)).toBe("Importação desfeita: 1 pensamento foi para a lixeira.");
    expect(importUndoneText(2000)).toBe("Importação desfeita: 2.000 pensamentos foram para a lixeira.");
  });
});
