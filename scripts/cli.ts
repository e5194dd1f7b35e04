// What every command of scripts/ does the same way: a pt-BR message and an exit code on a mistake, and the
// database the server would open.
import { loadConfig } from "../src/server/config";
import type { DatabaseTarget } from "../src/server/db";

/** Says why on stderr and exits: 2 for a wrong command line or configuration, 1 for a failure while running. */
export function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** The database that DATABASE_URL names, as the server reads it; a bad configuration exits with 2. */
export function configuredDatabase(): DatabaseTarget {
  const loaded = loadConfig();
  if (!loaded.ok) fail(`Configuração inválida:\n${loaded.problems.map((p) => `  - ${p}`).join("\n")}`);
  return loaded.config.database;
}
