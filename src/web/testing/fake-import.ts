import type { ImportError, ImportResult } from "../../domain/contract-schemas";
import { type ThoughtImport, thoughtImportSchema } from "../../domain/thought";
import type { ThoughtStore } from "./thought-store";

/** Why the fake cannot read a file: the real server answers such a file with a 400 and this message. */
export class UnreadableFile extends Error {}

function itemsOf(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UnreadableFile("O arquivo não é um JSON válido.");
  }
  const list = typeof parsed === "object" && parsed !== null ? Reflect.get(parsed, "pensamentos") : undefined;
  if (!Array.isArray(list)) throw new UnreadableFile('O JSON não tem a lista "pensamentos".');
  return list;
}

/**
 * The import as the real server does it, for our JSON export (`{"pensamentos": [...]}`) only: invalid
 * items are named by their place ('item 2'), a thought already on the wall or earlier in the file is a
 * duplicate, the rest go in in the file's order; a dry run counts the same and writes nothing.
 */
export function fakeImport(store: ThoughtStore, text: string, dryRun: boolean): ImportResult {
  const errors: ImportError[] = [];
  const seen = new Set(store.all().map((thought) => `${thought.conteudo}\u0000${thought.autoria}`));
  const accepted: ThoughtImport[] = [];
  let duplicates = 0;
  for (const [index, item] of itemsOf(text).entries()) {
    const parsed = thoughtImportSchema.safeParse(item);
    if (!parsed.success) {
      errors.push({ at: `item ${index + 1}`, message: parsed.error.issues[0]?.message ?? "Item inválido." });
      continue;
    }
    const { id: _ignored, ...thought } = parsed.data;
    const key = `${thought.conteudo}\u0000${thought.autoria}`;
    if (seen.has(key)) duplicates += 1;
    else accepted.push(thought);
    seen.add(key);
  }
  if (!dryRun) for (const thought of accepted) store.create(thought);
  return {
    dryRun,
    imported: accepted.length,
    skipped: errors.length + duplicates,
    duplicates,
    errors,
    errorsNotListed: 0,
  };
}
