import type { Kysely } from "kysely";
import type { AuthRepository } from "./auth.repository";
import type { Database } from "./schema";
import type { ThoughtsRepository } from "./thoughts.repository";

export type DialectName = "sqlite" | "postgres";

/** An open database: the query builder, which dialect it speaks, its thoughts, its password and sessions, and how to close it. */
export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  thoughts: ThoughtsRepository;
  auth: AuthRepository;
  /** Resolves when the database answers a trivial query, rejects otherwise (the health check calls it). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
