/**
 * Counts and sizes as pt-BR writes them ('1.234', '14,5'), without Intl. The first locale-aware call in a
 * page (`toLocaleString("pt-BR")`, `new Intl.NumberFormat`) loads the browser's number data: 50–180 ms at
 * Lighthouse's 4× CPU, in whatever task asks first. Counts written at a module's top level put that in the
 * evaluation of the forms chunk as the wall settles; a count in a form, in the first press of its key. The
 * test holds both to Intl's own output. For numbers of zero or more.
 */

/** A whole number with pt-BR's thousands separator: 1234 → '1.234'. */
export function formatInteger(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/**
 * With at most one decimal, as Intl's `maximumFractionDigits: 1` writes it: 14.46 → '14,5', 3.02 → '3'.
 * Rounded half up on the number's shortest decimal form, as Intl rounds (1455434.15 → '1.455.434,2', where
 * `toFixed` reads the binary value just under it).
 */
export function formatOneDecimal(value: number): string {
  if (value < 0.05) return "0";
  if (value >= 1e15) return formatInteger(value);
  const [whole = "0", fraction = ""] = String(value).split(".");
  const tenths = Number(whole) * 10 + Number(fraction[0] ?? 0) + (Number(fraction[1] ?? 0) >= 5 ? 1 : 0);
  const tenth = tenths % 10;
  return `${formatInteger(Math.floor(tenths / 10))}${tenth === 0 ? "" : `,${tenth}`}`;
}
