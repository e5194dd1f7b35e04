// `npm run backup -- --out FILE [--force]`: a consistent copy of the database that DATABASE_URL names, while
// the server runs. SQLite: a copy of the database file; PostgreSQL: the JSON export (pg_dump is the tool
// for a full copy). An existing FILE is never replaced without --force.
import { parseArgs } from "node:util";
import { BackupError, backupDatabase } from "../src/server/export/backup";
import { configuredDatabase, fail } from "./cli";

const USAGE = "Uso: npm run backup -- --out ARQUIVO [--force]";

let values: { out?: string; force?: boolean };
try {
  ({ values } = parseArgs({ options: { out: { type: "string" }, force: { type: "boolean" } } }));
} catch {
  fail(USAGE);
}
if (!values.out) fail(USAGE);

try {
  const { kind, out } = await backupDatabase(configuredDatabase(), values.out, { force: values.force });
  console.log(
    kind === "sqlite"
      ? `Cópia do banco SQLite gravada em ${out}.`
      : `Exportação JSON do PostgreSQL gravada em ${out} (para uma cópia completa, use pg_dump).`,
  );
} catch (error) {
  fail(
    error instanceof BackupError
      ? error.message
      : `A cópia falhou: ${error instanceof Error ? error.message : error}`,
    1,
  );
}
