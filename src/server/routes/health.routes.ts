import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Store } from "../db/database";
import { ApiError } from "../errors";

/** Answers whether the database answers: a monitor or a reverse proxy can tell a dead store from a live app. */
export function healthRoutes(app: FastifyInstance, store: Store): void {
  app.get("/api/health", async (request) => {
    try {
      await sql`SELECT 1`.execute(store.db);
    } catch (error) {
      request.log.error({ err: error }, "health check: the database does not answer");
      throw new ApiError("unavailable", "O banco de dados não está respondendo.");
    }
    return { status: "ok", database: store.dialect };
  });
}
