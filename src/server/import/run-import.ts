import type { ImportResult } from "../../domain/contract-schemas";
import type { ThoughtsRepository } from "../db/thoughts.repository";
import { readImportFile } from "./read-file";
import { ImportItems } from "./validate-items";

/**
 * Reads the file, checking every item as it is read, and adds the valid new ones in one transaction (or
 * only counts them, in a dry run). Throws UnreadableFileError or TooManyItemsError, before touching the
 * database, for a file it cannot take. Items a reader passed over on purpose (Kindle's notes, say) count
 * as skipped, by kind, and are not errors. Errors are listed in the file's order, the first
 * IMPORT_ERRORS_LISTED of them.
 */
export async function runImport(
  thoughts: Pick<ThoughtsRepository, "importMany">,
  file: { body: Buffer; mediaType: string },
  { dryRun }: { dryRun: boolean },
): Promise<ImportResult> {
  const items = new ImportItems();
  await readImportFile(file.body, file.mediaType, items);
  const { errors, errorCount, passedOver } = items;
  const { imported, duplicates } = await thoughts.importMany(items.valid(), { dryRun });
  const passed = passedOver.reduce((sum, item) => sum + item.count, 0);
  return {
    dryRun,
    imported,
    skipped: errorCount + duplicates + passed,
    duplicates,
    errors,
    errorsNotListed: errorCount - errors.length,
    ...(passedOver.length > 0 ? { passedOver } : {}),
  };
}
