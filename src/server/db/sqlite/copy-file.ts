import { openSqliteConnection } from "./open-sqlite";

/**
 * A consistent copy of a SQLite file, written to `to` while other connections read and write it: `VACUUM
 * INTO` is one read transaction, so one snapshot however much is written meanwhile (the online backup API
 * restarts on every write by another connection).
 */
export function copySqliteFile(file: string, to: string): void {
  const connection = openSqliteConnection(file);
  try {
    connection.prepare("VACUUM INTO ?").run(to);
  } finally {
    connection.close();
  }
}
