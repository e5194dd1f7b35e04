import type { SqliteDatabase, SqliteStatement } from "kysely";
import type { DatabaseSync, SQLInputValue, StatementSync } from "./node-sqlite";

/** The app runs a few dozen distinct SQL texts; more than this means something generates them. */
const STATEMENTS_KEPT = 200;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs as much as running a page query.
 * This keeps each prepared statement by its SQL text, in the shape Kysely's driver calls (parameters as one
 * array; `reader` for a statement that returns rows, RETURNING included). A streamed read gets a statement
 * of its own: a kept one could be reset under it by the next query with the same text.
 */
export function statementsKept(connection: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => connection.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        statement = kyselyStatement(connection.prepare(text), () => connection.prepare(text));
        if (statements.size >= STATEMENTS_KEPT) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

// node:sqlite's types ask for SQLInputValue; Kysely hands over what its query compiler built (unknown).
type Bindable = SQLInputValue[];

/** A node:sqlite statement in the shape Kysely's SQLite driver calls; `fresh` prepares another for streams. */
function kyselyStatement(statement: StatementSync, fresh: () => StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...(parameters as Bindable)),
    run: (parameters) => statement.run(...(parameters as Bindable)),
    iterate: (parameters) => fresh().iterate(...(parameters as Bindable)),
  };
}
