import { IMPORT_ERRORS_LISTED, type ImportResult } from "../../domain/contract-schemas";
import type { ThoughtsRepository } from "../db/thoughts.repository";
import { readImportFile } from "./read-file";
import { validateItems } from "./validate-items";

const byPlace = new Intl.Collator("pt-BR", { numeric: true });

/**
 * Reads the file, checks every item, and adds the valid new ones in one transaction (or only counts them,
 * in a dry run). Throws UnreadableFileError, before touching the database, for a file it cannot read.
 * Items a reader passed over on purpose (Kindle's notes, say) count as skipped, by kind, and are not errors.
 * Errors are listed in the file's order ("item 2" before "item 10"), at most IMPORT_ERRORS_LISTED of them.
 */
export async function runImport(
  thoughts: Pick<ThoughtsRepository, "importMany">,
  file: { body: Buffer; mediaType: string },
  { dryRun }: { dryRun: boolean },
): Promise<ImportResult> {
  const read = await readImportFile(file.body, file.mediaType);
  const { valid, invalid } = validateItems(read.candidates);
  const errors = [...read.leftOut, ...invalid].sort((a, b) => byPlace.compare(a.at, b.at));
  const { imported, duplicates } = await thoughts.importMany(valid, { dryRun });
  const passedOver = read.passedOver ?? [];
  const passed = passedOver.reduce((sum, item) => sum + item.count, 0);
  return {
    dryRun,
    imported,
    skipped: errors.length + duplicates + passed,
    duplicates,
    errors: errors.slice(0, IMPORT_ERRORS_LISTED),
    errorsNotListed: Math.max(0, errors.length - IMPORT_ERRORS_LISTED),
    ...(passedOver.length > 0 ? { passedOver } : {}),
  };
}
