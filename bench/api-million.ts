// The API at 1,000,000 thoughts (SQLite; `PAGING_THOUGHTS` changes the count): a page after a cursor and a
// search's first page must cost what the first page costs, whatever the depth; at one connection.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { COMMON_WORD } from "../scripts/seed-data";
import { API_PREFIX } from "../src/domain/contract";
import { PAGE_SIZE } from "../src/domain/rules";
import { load } from "./api-load";
import { chosenRows, cursorOfPage, formatFigure, page, type Row, TWO_WORDS } from "./api-rows";
import { seedSqlite } from "./api-seed";
import { startMemoteca } from "./api-servers";

const THOUGHTS = Number(process.env.PAGING_THOUGHTS ?? 1_000_000);
/** A cursor page or a search's first page may cost this many times the first page's p50 at most. */
const FIRST_PAGE_TIMES = 2;
const WARM_UP_S = 0.5;
const LATENCY_S = 2;

/** Prints the table and returns the rows outside their budget. */
export async function runMillion(): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), "memoteca-million-"));
  const failures: string[] = [];
  try {
    const file = join(folder, "memoteca.db");
    const seeding = performance.now();
    await seedSqlite(file, THOUGHTS);
    const lastPage = Math.ceil(THOUGHTS / PAGE_SIZE);
    console.log(
      `\n${THOUGHTS.toLocaleString("en")} thoughts (SQLite) seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s.\n`,
    );
    const middle = Math.floor(lastPage / 2);
    const all: { name: string; held: boolean; call: Row["call"] }[] = [
      { name: "first page", held: false, call: page(`_limit=${PAGE_SIZE}`) },
      {
        name: `cursor, middle page (${middle})`,
        held: true,
        call: page(`_after=${cursorOfPage(THOUGHTS, middle)}&_limit=${PAGE_SIZE}`),
      },
      {
        name: `cursor, last page (${lastPage})`,
        held: true,
        call: page(`_after=${cursorOfPage(THOUGHTS, lastPage)}&_limit=${PAGE_SIZE}`),
      },
      {
        name: "cursor, favorites at the middle",
        held: true,
        call: page(`_after=${cursorOfPage(THOUGHTS, middle)}&_limit=${PAGE_SIZE}&favorito=true`),
      },
      {
        name: `search q=${COMMON_WORD}, first page`,
        held: true,
        call: page(`q=${COMMON_WORD}&_limit=${PAGE_SIZE}`),
      },
      {
        name: `search q=${TWO_WORDS} (two words), first page`,
        held: true,
        call: page(`q=${encodeURIComponent(TWO_WORDS)}&_limit=${PAGE_SIZE}`),
      },
      // Not held: FTS5 walks a term's matches newest first without seeking to a rowid bound, so on SQLite a
      // search's cursor costs what its offset would (reported, not hidden).
      {
        name: `search q=${COMMON_WORD}, cursor at the middle`,
        held: false,
        call: page(`q=${COMMON_WORD}&_after=${cursorOfPage(THOUGHTS, middle)}&_limit=${PAGE_SIZE}`),
      },
    ];
    // The first page always: every other row is read against it.
    const rows = [all[0], ...chosenRows(all.slice(1))].filter((row) => row !== undefined);
    const server = await startMemoteca(`file:${file}`);
    try {
      const table = [
        `| row (${THOUGHTS.toLocaleString("en")} thoughts, SQLite) | p50 ms | p99 ms | p50 / first page | budget |`,
        "|---|---:|---:|---:|---|",
      ];
      let first = Number.NaN;
      for (const row of rows) {
        const call = (i: number) => row.call(i, API_PREFIX, {});
        await load(server.port, call, { connections: 1, seconds: WARM_UP_S });
        const result = await load(server.port, call, { connections: 1, seconds: LATENCY_S });
        if (Number.isNaN(first)) first = result.p50;
        const ratio = result.p50 / first;
        const held = ratio <= FIRST_PAGE_TIMES;
        if (result.errors > 0) failures.push(`1M ${row.name}: ${result.errors} answers were not 2xx`);
        if (row.held && !held) failures.push(`1M ${row.name}: ${ratio.toFixed(2)}x the first page's p50`);
        const budget = row.held ? `≤ ${FIRST_PAGE_TIMES}x ${held ? "ok" : "OVER"}` : "–";
        table.push(
          `| ${row.name} | ${formatFigure(result.p50)} | ${formatFigure(result.p99)} | ${ratio.toFixed(2)}x | ${budget} |`,
        );
      }
      console.log(table.join("\n"));
      console.log(
        `\nOne connection, ${LATENCY_S} s per row; load average ${(loadavg()[0] ?? 0).toFixed(1)} (1 min).`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return failures;
}
