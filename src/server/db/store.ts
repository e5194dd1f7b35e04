import type { Kysely } from "kysely";
import type { Database } from "./schema";
import type { ThoughtsRepository } from "./thoughts.repository";

export type DialectName = "sqlite" | "postgres";

/** An open database: the query builder, which dialect it speaks, its thoughts, and how to close it. */
export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  thoughts: ThoughtsRepository;
  /** Resolves when the database answers a trivial query, rejects otherwise (the health check calls it). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
