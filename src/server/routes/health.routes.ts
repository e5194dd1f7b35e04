import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Store } from "../db/database";

export function healthRoutes(app: FastifyInstance, store: Store): void {
  app.get("/api/health", async () => {
    await sql`SELECT 1`.execute(store.db);
    return { status: "ok", database: store.dialect };
  });
}
