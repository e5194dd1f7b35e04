import { describe, expect, it } from "vitest";
import { errorsHeading, fileSize } from "./import-texts";

describe("the import page's words", () => {
  it.each([
    [1, "1 byte"],
    [820, "820 bytes"],
    [1024, "1 KB"],
    [14_848, "14,5 KB"],
    [50 * 1024 * 1024, "50 MB"],
    [3_320_017, "3,2 MB"],
  ])("says %i bytes as '%s'", (bytes, said) => {
    expect(fileSize(bytes)).toBe(said);
  });

  it("heads the errors in the singular for one only", () => {
    expect(errorsHeading(1)).toBe("1 item com erro:");
    expect(errorsHeading(2)).toBe("2 itens com erro:");
  });
});
