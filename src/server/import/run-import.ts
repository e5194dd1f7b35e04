import type { ImportMap, ImportResult } from "../../domain/contract-schemas";
import type { ImportOutcome, ThoughtsRepository } from "../db";
import { UnknownCsvError } from "./csv-shapes";
import { ImportSources, UNTICKED_SOURCES } from "./import-sources";
import { readImportFile } from "./read-file";
import { ImportItems, ValidItems } from "./validate-items";

export interface ImportOptions {
  dryRun: boolean;
  /** Which column of a CSV with a header the app does not know is which field. */
  mapa?: ImportMap;
  /** The positions, in the dry run's list of sources, of the sources to leave out. */
  semFontes?: readonly number[];
}

/**
 * Reads the file twice. First every item is checked and counted, holding nothing but the errors: a file it
 * cannot take (UnreadableFileError, TooManyItemsError) is refused before the database is touched. Then, in
 * one transaction, it is read again and each valid thought goes in as it comes, unless already on the wall
 * or earlier in the file (in a dry run, it is only counted). Reading twice costs about a second of CPU at
 * 100,000 thoughts; holding them all held several times the file's size in memory. Items a reader passed
 * over on purpose (Kindle's notes, say) count as skipped, by kind, and are not errors. Errors are listed in
 * the file's order, the first IMPORT_ERRORS_LISTED of them.
 *
 * The file's kind is told by its content (read-file.ts). Thoughts of the sources the user unticked stay out,
 * counted as passed over. A dry run also says the file's kind and lists its sources, each with how many
 * thoughts it holds and how many are new; a dry run of a CSV whose header the app does not know, without a
 * mapping, answers with its columns and first rows instead (`mapeamento`).
 */
export async function runImport(
  thoughts: Pick<ThoughtsRepository, "importMany">,
  file: { body: Buffer; mediaType: string },
  { dryRun, mapa, semFontes }: ImportOptions,
  /**
   * Runs the write with the request's Idempotency-Key, which its transaction records with the answer that
   * `summarise` makes of the outcome (live/idempotency-keys.ts); the write as it is by default.
   */
  keyed: (
    summarise: (outcome: ImportOutcome) => ImportResult,
    write: () => Promise<ImportOutcome>,
  ) => Promise<ImportOutcome> = (_summarise, write) => write(),
): Promise<ImportResult> {
  const sources = new ImportSources(semFontes);
  const items = new ImportItems(sources);
  let formato: ImportResult["formato"];
  try {
    formato = await readImportFile(file.body, file.mediaType, items, { mapa });
  } catch (error) {
    if (!(dryRun && error instanceof UnknownCsvError)) throw error;
    return {
      dryRun,
      imported: 0,
      skipped: 0,
      duplicates: 0,
      errors: [],
      errorsNotListed: 0,
      formato: "csv",
      mapeamento: { colunas: error.columns, amostra: error.sample, sugestao: error.suggestion },
    };
  }
  const { errors, errorCount, passedOver, validCount, ranked } = items;
  const unticked = sources.untickedCount;
  if (unticked > 0) passedOver.push({ reason: UNTICKED_SOURCES, count: unticked });
  const summarise = ({ imported, duplicates, importId }: ImportOutcome): ImportResult => {
    const passed = passedOver.reduce((sum, item) => sum + item.count, 0);
    const notListed = sources.notListed;
    return {
      dryRun,
      imported,
      skipped: errorCount + duplicates + passed,
      duplicates,
      errors,
      errorsNotListed: errorCount - errors.length,
      ...(passedOver.length > 0 ? { passedOver } : {}),
      ...(importId === undefined ? {} : { importacao: importId }),
      ...(dryRun
        ? { formato, fontes: sources.list, ...(notListed > 0 ? { fontesNaoListadas: notListed } : {}) }
        : {}),
    };
  };
  const outcome =
    validCount === 0
      ? { imported: 0, duplicates: 0 }
      : await keyed(summarise, () =>
          thoughts.importMany(
            async (put) => {
              const valid = new ValidItems(
                async (input) => {
                  if (await put(input)) sources.added(input.fonte);
                },
                { ranked, sources },
              );
              await readImportFile(file.body, file.mediaType, valid, { mapa });
              await valid.end();
              if (valid.count !== validCount) {
                throw new Error(
                  `the file's first reading found ${validCount} valid thoughts, the second ${valid.count}`,
                );
              }
            },
            { dryRun, kind: formato ?? importKindOf(file.mediaType) },
          ),
        );
  return summarise(outcome);
}

/** The kind of file an import read, as 'Importações' names it: by the media type it came as. */
const KINDS: Record<string, string> = {
  "application/json": "json",
  "text/csv": "csv",
  "application/zip": "keep",
  "text/plain": "kindle",
};
export const importKindOf = (mediaType: string) =>
  KINDS[mediaType] ?? mediaType.split("/").at(-1) ?? "arquivo";
