/** Two formats per time zone, made once: building an Intl.DateTimeFormat costs far more than using one. */
const formats = new Map<string, readonly [Intl.DateTimeFormat, Intl.DateTimeFormat]>();

/**
 * When a thought was added, in pt-BR: the day ('3 de mar. de 2025') and the full instant ('segunda-feira,
 * 3 de março de 2025 às 14:05:09 UTC'), in `timeZone`, or the reader's own when it is undefined.
 */
export function addedOn(instant: string, timeZone?: string): { day: string; full: string } {
  let pair = formats.get(timeZone ?? "");
  if (!pair) {
    pair = [
      new Intl.DateTimeFormat("pt-BR", { dateStyle: "medium", timeZone }),
      new Intl.DateTimeFormat("pt-BR", { dateStyle: "full", timeStyle: "long", timeZone }),
    ];
    formats.set(timeZone ?? "", pair);
  }
  const date = new Date(instant);
  return { day: pair[0].format(date), full: pair[1].format(date) };
}
