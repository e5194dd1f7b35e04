// `npm run import -- FILE [--dry-run]`: what POST /api/import does, from the command line, into the database
// that DATABASE_URL names. The file's kind is told by its content, as the API tells it.
import { readFileSync, statSync } from "node:fs";
import { extname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { IMPORT_MAX_BYTES } from "../src/domain/contract-schemas";
import { errorsNotListed, importSummary } from "../src/domain/import-summary";
import { openStore } from "../src/server/db";
import { TooManyItemsError, UnreadableFileError } from "../src/server/import/items";
import { runImport } from "../src/server/import/run-import";
import { configuredDatabase, fail } from "./cli";

const USAGE =
  "Uso: npm run import -- ARQUIVO [--dry-run]   (ARQUIVO: .json, .csv, .zip do Google Takeout, My Clippings.txt ou caderno .html do Kindle, CSV do Readwise, KoboReader.sqlite, JSON do KOReader)";
/** The type a file is taken as when its content says nothing the import knows (so its refusal names it). */
const MEDIA_TYPES: Record<string, string> = {
  ".json": "application/json",
  ".csv": "text/csv",
  ".zip": "application/zip",
  ".txt": "text/plain",
  ".html": "text/html",
  ".htm": "text/html",
  ".sqlite": "application/vnd.sqlite3",
};

let parsed: { values: { "dry-run"?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({ options: { "dry-run": { type: "boolean" } }, allowPositionals: true });
} catch {
  fail(USAGE);
}
const [file, ...extra] = parsed.positionals;
if (file === undefined || extra.length > 0) fail(USAGE);
const mediaType = MEDIA_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
const path = resolve(file);
let size: number;
try {
  size = statSync(path).size;
} catch {
  fail(`O arquivo ${path} não existe ou não pode ser lido.`, 1);
}
// The API's limit holds here too, so a file that imports from the command line imports from the page.
if (size > IMPORT_MAX_BYTES) fail(`O arquivo ${path} passa de 50 MiB.`, 1);

const store = await openStore(configuredDatabase()).catch((error: unknown) =>
  fail(
    `Não foi possível abrir o banco de dados (DATABASE_URL): ${error instanceof Error ? error.message : error}`,
    1,
  ),
);
try {
  const result = await runImport(
    store.thoughts,
    { body: readFileSync(path), mediaType },
    { dryRun: parsed.values["dry-run"] === true },
  );
  console.log(importSummary(result));
  for (const { at, message } of result.errors) console.log(`  ${at}: ${message}`);
  if (result.errorsNotListed > 0) console.log(`  ${errorsNotListed(result.errorsNotListed)}`);
} catch (error) {
  process.exitCode = 1;
  console.error(
    error instanceof UnreadableFileError || error instanceof TooManyItemsError
      ? `Nada foi importado: ${error.message}`
      : `A importação falhou: ${error instanceof Error ? error.message : error}`,
  );
} finally {
  await store.close();
}
