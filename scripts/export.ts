// `npm run export -- --format json|markdown|csv [--out FILE]`: the whole wall, oldest first, in the format
// of GET /api/export, from the database that DATABASE_URL names; to standard output without --out.
import { createWriteStream, existsSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { EXPORT_FORMATS, type ExportFormat } from "../src/domain/contract-schemas";
import { openStore } from "../src/server/db";
import { exportStream } from "../src/server/export/stream";
import { configuredDatabase, fail } from "./cli";

const USAGE = "Uso: npm run export -- --format json|markdown|csv [--out ARQUIVO]   (sem --out: saída padrão)";

let values: { format?: string; out?: string };
try {
  ({ values } = parseArgs({
    options: { format: { type: "string", default: "json" }, out: { type: "string" } },
  }));
} catch {
  fail(USAGE);
}
const format = values.format as ExportFormat;
if (!EXPORT_FORMATS.includes(format)) fail(`Formato desconhecido: ${values.format}.\n${USAGE}`);
if (values.out === "") fail(USAGE);

const target = configuredDatabase();
if (target.kind === "sqlite" && target.file !== ":memory:" && !existsSync(target.file)) {
  fail(`O banco de dados ${target.file} não existe (DATABASE_URL).`, 1);
}

const store = await openStore(target, { migrate: false }).catch((error: unknown) =>
  fail(
    `Não foi possível abrir o banco de dados (DATABASE_URL): ${error instanceof Error ? error.message : error}`,
    1,
  ),
);
const out = values.out === undefined ? undefined : resolve(values.out);
// A file is written beside its name and moved into place when complete: a failed export leaves none.
const partial = out && `${out}.parcial-${process.pid}`;
try {
  const stream = exportStream(store.thoughts.every(), format, new Date());
  await pipeline(stream, partial ? createWriteStream(partial) : process.stdout);
  if (out && partial) {
    renameSync(partial, out);
    console.error(`Exportado para ${out}.`);
  }
} catch (error) {
  process.exitCode = 1;
  console.error(`A exportação falhou: ${error instanceof Error ? error.message : error}`);
} finally {
  if (partial) rmSync(partial, { force: true });
  await store.close();
}
