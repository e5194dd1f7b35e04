import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import type { Thought } from "../../src/domain/contract";
import type { ThoughtInput } from "../../src/domain/thought";
import { buildApp } from "../../src/server/app";
import { hashPassword } from "../../src/server/auth/password-hash";
import type { Store } from "../../src/server/db";
import { thoughtInput } from "../../test-support/thought-factory";
import { openTestDatabase, type TestDatabase } from "./test-database";

// E2E_WEB_ROOT lets parallel work build into its own folder instead of racing on dist/web.
const webRoot = process.env.E2E_WEB_ROOT
  ? fileURLToPath(new URL(`../../${process.env.E2E_WEB_ROOT}`, import.meta.url))
  : fileURLToPath(new URL("../../dist/web", import.meta.url));

export interface TestServer {
  url: string;
  store: Store;
  /** Inserts thoughts straight into the database, oldest first, and returns them as stored. */
  seed(thoughts: Partial<ThoughtInput>[]): Promise<Thought[]>;
  /** Sets the password, as `npm run password` does: from then on the wall asks for it (every session ends). */
  setPassword(password: string): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Host names served besides the loopback ones, as ALLOWED_HOSTS sets them. */
  allowedHosts?: string[];
  /** The built web app to serve, when a test must change it (a new version): a copy of dist/web. */
  webRoot?: string;
  /**
   * The worker's database, reset for this server; without it the server makes a database of its own and
   * drops it when it closes.
   */
  database?: TestDatabase;
  /**
   * A second instance: this server opens another Store on `database` as it stands (no reset), beside the
   * server already running on it; each instance learns of the other's writes as production's do.
   */
  secondInstance?: boolean;
}

const TEST_PASSWORD_COST = 12;

/** Where the build the e2e tests serve lives (dist/web, or E2E_WEB_ROOT). */
export const builtWebRoot = webRoot;

/**
 * The real app (the same buildApp that `npm start` runs) over real HTTP on a free port, on a database as
 * the migrations left it: SQLite, or PostgreSQL when E2E_DATABASE=postgres. The app and its Store are new
 * for each server, so nothing one test left in their memory (caches, sign-in state) reaches the next.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const root = options.webRoot ?? webRoot;
  if (!existsSync(`${root}/index.html`)) {
    throw new Error("dist/web is missing: run `npm run build` before the e2e tests (npm run test:e2e does).");
  }
  if (options.secondInstance && !options.database) throw new Error("a second instance needs the database");
  const database = options.database ?? (await openTestDatabase());
  const store = options.secondInstance ? await database.another() : await database.fresh();
  let app: FastifyInstance;
  let url: string;
  try {
    app = await buildApp({
      store,
      webRoot: root,
      writeRateLimit: false,
      allowedHosts: options.allowedHosts ?? [],
      // What users get, only quicker: passwords hashed at a lower scrypt cost (the cost itself is the unit
      // tests' concern), and the brake on wrong guesses waits a twentieth of its delays, so a spec that
      // guesses six times does not spend 16 s asleep. The delays' lengths are checked by guess-brake.test.ts.
      passwordCost: TEST_PASSWORD_COST,
      signInWait: (ms) => new Promise((resolve) => setTimeout(resolve, ms / 20)),
    });
    url = await app.listen({ port: 0, host: "127.0.0.1" });
  } catch (error) {
    await store.close();
    if (!options.database) await database.close();
    throw error;
  }
  return {
    url,
    store,
    async seed(thoughts) {
      const created: Thought[] = [];
      for (const [index, thought] of thoughts.entries()) {
        created.push(
          // Numbered within the seed, so a spec can name "Pensamento número 1" whatever ran before it.
          await store.thoughts.create(
            thoughtInput({ ...thought, conteudo: thought.conteudo ?? `Pensamento número ${index + 1}` }),
          ),
        );
      }
      return created;
    },
    async setPassword(password) {
      await store.auth.setPassword(await hashPassword(password, { log2N: TEST_PASSWORD_COST }));
    },
    async close() {
      await app.close();
      await store.close();
      if (!options.database) await database.close();
    },
  };
}
