// `npm run password`: sets (or replaces) the optional password, asking twice without echo; `-- --stdin`
// reads it once from standard input, for scripts; `-- --remove` removes it. Either way every session ends.
// The scrypt hash goes into the database that DATABASE_URL names, so every instance on it shares it.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { hashPassword } from "../src/server/auth/password-hash";
import { passwordProblem } from "../src/server/auth/password-rules";
import { openStore } from "../src/server/db";
import { configuredDatabase, fail } from "./cli";

const USAGE = "Uso: npm run password   (ou: npm run password -- --stdin, npm run password -- --remove)";

/** Asks for the password twice; on a terminal, nothing typed is shown. */
async function askTwice(): Promise<[string | undefined, string | undefined]> {
  const terminal = process.stdin.isTTY === true;
  // The echo of what is typed goes here, and nowhere.
  const silence = new Writable({ write: (_chunk, _encoding, done) => done() });
  const reader = createInterface({ input: process.stdin, output: silence, terminal });
  reader.on("SIGINT", () => {
    process.stderr.write("\n");
    fail("Cancelado. Nada foi alterado.");
  });
  // The iterator keeps lines that arrive before they are asked for (a pipe delivers both at once).
  const lines = reader[Symbol.asyncIterator]();
  const ask = async (prompt: string) => {
    process.stderr.write(prompt);
    const { value, done } = await lines.next();
    if (terminal) process.stderr.write("\n");
    return done ? undefined : String(value);
  };
  try {
    return [await ask("Nova senha: "), await ask("Repita a senha: ")];
  } finally {
    reader.close();
  }
}

/** The first line of standard input, without its line break. */
async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? "";
}

function checked(password: string | undefined, repeated?: string | undefined): string {
  const typed = password ?? "";
  if (typed && repeated !== undefined && typed !== repeated)
    fail("As senhas não conferem. Nada foi alterado.");
  const problem = passwordProblem(typed);
  if (problem) fail(`${problem} Nada foi alterado.`);
  return typed;
}

let options: { stdin?: boolean; remove?: boolean };
try {
  ({ values: options } = parseArgs({ options: { stdin: { type: "boolean" }, remove: { type: "boolean" } } }));
} catch {
  fail(USAGE);
}
if (options.stdin && options.remove) fail(USAGE);
const database = configuredDatabase();

let hash: string | undefined;
if (!options.remove) {
  const password = options.stdin ? checked(await readStdin()) : checked(...(await askTwice()));
  hash = await hashPassword(password);
}

const store = await openStore(database).catch((error: unknown) => {
  console.error(
    `Não foi possível abrir o banco de dados (DATABASE_URL): ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
try {
  if (hash !== undefined) {
    await store.auth.setPassword(hash);
    console.log("Senha definida. Todas as sessões foram encerradas: entre de novo com a nova senha.");
  } else if (await store.auth.removePassword()) {
    console.log("Senha removida. Todas as sessões foram encerradas.");
    console.log(
      "Atenção: um servidor com HOST fora do loopback (sem AUTH=none) recusa as requisições até que uma senha seja definida.",
    );
  } else {
    console.log("Não havia senha definida. Nada foi alterado.");
  }
} finally {
  await store.close();
}
