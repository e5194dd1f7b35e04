import type { ImportResult } from "../../domain/contract-schemas";
import type { ThoughtsRepository } from "../db/thoughts.repository";
import { readImportFile } from "./read-file";
import { ImportItems } from "./validate-items";

/**
 * Reads the file, checking every item as it is read, and adds the valid new ones in one transaction (or
 * only counts them, in a dry run). Throws UnreadableFileError or TooManyItemsError, before touching the
 * database, for a file it cannot take. Errors are listed in the file's order, the first
 * IMPORT_ERRORS_LISTED of them.
 */
export async function runImport(
  thoughts: Pick<ThoughtsRepository, "importMany">,
  file: { body: Buffer; mediaType: string },
  { dryRun }: { dryRun: boolean },
): Promise<ImportResult> {
  const items = new ImportItems();
  await readImportFile(file.body, file.mediaType, items);
  const { errors, errorCount } = items;
  const { imported, duplicates } = await thoughts.importMany(items.valid(), { dryRun });
  return {
    dryRun,
    imported,
    skipped: errorCount + duplicates,
    duplicates,
    errors,
    errorsNotListed: errorCount - errors.length,
  };
}
