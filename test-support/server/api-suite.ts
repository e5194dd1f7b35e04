import { afterAll, beforeAll } from "vitest";
import type { AppDeps } from "../../src/server/app";
import type { DialectName } from "../../src/server/db";
import { type ApiClient, apiClient } from "./api-client";
import { openTestStore, type TestStore } from "./test-stores";

export interface ApiSuite {
  /** The suite's own database (a throwaway SQLite file or PostgreSQL schema). */
  test: TestStore;
  /** The app over it, with an anti-forgery token. */
  api: ApiClient;
}

/**
 * A suite's own database on `dialect` and the app over it: opened before the suite's tests, closed after
 * them. Read `suite.test` and `suite.api` inside the tests, once `beforeAll` has run.
 */
export function apiSuite(dialect: DialectName, options: Omit<AppDeps, "store"> = {}): ApiSuite {
  const suite = {} as ApiSuite;
  beforeAll(async () => {
    suite.test = await openTestStore(dialect);
    suite.api = await apiClient(suite.test.store, options);
  });
  afterAll(async () => {
    await suite.api?.app.close();
    await suite.test?.cleanup();
  });
  return suite;
}
