import type { ImportResult } from "../../domain/contract-schemas";
import type { ImportOutcome, ThoughtsRepository } from "../db";
import { readImportFile } from "./read-file";
import { ImportItems, ValidItems } from "./validate-items";

/**
 * Reads the file twice. First every item is checked and counted, holding nothing but the errors: a file it
 * cannot take (UnreadableFileError, TooManyItemsError) is refused before the database is touched. Then, in
 * one transaction, it is read again and each valid thought goes in as it comes, unless already on the wall
 * or earlier in the file (in a dry run, it is only counted). Reading twice costs about a second of CPU at
 * 100,000 thoughts; holding them all held several times the file's size in memory. Items a reader passed
 * over on purpose (Kindle's notes, say) count as skipped, by kind, and are not errors. Errors are listed in
 * the file's order, the first IMPORT_ERRORS_LISTED of them.
 */
export async function runImport(
  thoughts: Pick<ThoughtsRepository, "importMany">,
  file: { body: Buffer; mediaType: string },
  { dryRun }: { dryRun: boolean },
  /**
   * Runs the write with the request's Idempotency-Key, which its transaction records with the answer that
   * `summarise` makes of the outcome (live/idempotency-keys.ts); the write as it is by default.
   */
  keyed: (
    summarise: (outcome: ImportOutcome) => ImportResult,
    write: () => Promise<ImportOutcome>,
  ) => Promise<ImportOutcome> = (_summarise, write) => write(),
): Promise<ImportResult> {
  const items = new ImportItems();
  await readImportFile(file.body, file.mediaType, items);
  const { errors, errorCount, passedOver, validCount, ranked } = items;
  const summarise = ({ imported, duplicates }: ImportOutcome): ImportResult => {
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
  };
  const outcome =
    validCount === 0
      ? { imported: 0, duplicates: 0 }
      : await keyed(summarise, () => thoughts.importMany(
          async (put) => {
            const valid = new ValidItems(put, { ranked });
            await readImportFile(file.body, file.mediaType, valid);
            await valid.end();
            if (valid.count !== validCount) {
              throw new Error(
                `the file's first reading found ${validCount} valid thoughts, the second ${valid.count}`,
              );
            }
          },
          { dryRun },
        ));
  return summarise(outcome);
}
