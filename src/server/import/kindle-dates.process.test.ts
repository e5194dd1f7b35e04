import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const dates = new URL("./kindle-dates.ts", import.meta.url).href;

/** What addedOn makes of a kind line's date part in a process whose time zone is `zone`. */
async function addedOnIn(zone: string, part: string): Promise<string> {
  const program = `import { addedOn } from ${JSON.stringify(dates)};
    process.stdout.write(String(addedOn(${JSON.stringify(`- Seu destaque na posição 1-2 | ${part}`)})));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", program],
    // Only the time zone: the child needs nothing else of this process's environment.
    { env: { TZ: zone } },
  );
  return stdout;
}

describe("a Kindle clipping's date, in the server's time zone", () => {
  it.each([
    ["UTC", "2023-03-03T22:15:22.000Z"],
    // Brasília is three hours behind UTC (no summer time since 2019): 22:15 there is 01:15 the next day.
    ["America/Sao_Paulo", "2023-03-04T01:15:22.000Z"],
  ])("reads the device's clock as %s time", async (zone, instant) => {
    expect(await addedOnIn(zone, "Adicionado: sexta-feira, 3 de março de 2023 22:15:22")).toBe(instant);
    expect(await addedOnIn(zone, "Added on Friday, March 3, 2023 10:15:22 PM")).toBe(instant);
  });
});
