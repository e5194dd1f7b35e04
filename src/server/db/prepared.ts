import { type Compilable, CompiledQuery, type Kysely } from "kysely";
import type { Database } from "./schema";

/** Stands, in a query built once, for the value that each run supplies. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once, then run with new values. Kysely otherwise builds and compiles the same
 * SQL again on every call, about 25 µs a query: as much as SQLite's own work for a page of the wall.
 * `build` gets one stand-in per parameter it declares and must use each as a plain value (a compared
 * value, a limit, an offset, a value in a `sql` template), never compute with it.
 */
export function prepared<Args extends unknown[], Row>(
  db: Kysely<Database>,
  build: (...values: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  // The stand-ins pose as the argument types for `build`; they only travel into Kysely's parameter list.
  const slots = Array.from({ length: build.length }, (_, index) => new Slot(index)) as unknown as Args;
  let compiled: CompiledQuery<Row> | undefined;
  return async (...args) => {
    compiled ??= build(...slots).compile();
    const parameters = compiled.parameters.map((value) =>
      value instanceof Slot ? args[value.index] : value,
    );
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
