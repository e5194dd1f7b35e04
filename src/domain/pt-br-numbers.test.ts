import { describe, expect, it } from "vitest";
import { formatInteger, formatOneDecimal } from "./pt-br-numbers";

const intlInteger = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });
const intlOneDecimal = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** Every order of magnitude to 10^12, each with its neighbours, and a spread of values between. */
function samples(): number[] {
  const values = [0, 1, 7, 999, 1000, 1001, 9999, 10000, 100000, 999999, 1_000_000, 2_147_483_647];
  for (let power = 0; power <= 12; power++) values.push(10 ** power - 1, 10 ** power, 10 ** power + 1);
  for (let i = 0; i < 500; i++) values.push(Math.floor((i * 7919) ** 1.7));
  return values;
}

describe("pt-BR numbers without Intl", () => {
  it("writes whole numbers as Intl does, with a dot every three digits", () => {
    expect(formatInteger(1234)).toBe("1.234");
    expect(formatInteger(999)).toBe("999");
    for (const value of samples()) {
      expect(formatInteger(value)).toBe(intlInteger.format(value));
    }
  });

  it("writes at most one decimal, rounded as Intl rounds, and none when it is zero", () => {
    expect(formatOneDecimal(14.46)).toBe("14,5");
    expect(formatOneDecimal(3.02)).toBe("3");
    expect(formatOneDecimal(1023.96)).toBe("1.024");
    expect(formatOneDecimal(0.04)).toBe("0");
    expect(formatOneDecimal(0.05)).toBe("0,1");
    for (const value of samples()) {
      // Sizes in KB and MB as the import page shows them, and exact ties ('0,25').
      for (const x of [value / 1024, value / (1024 * 1024), value / 4, value / 100, value / 1e9]) {
        expect(formatOneDecimal(x)).toBe(intlOneDecimal.format(x));
      }
    }
  });
});
