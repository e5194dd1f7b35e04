import type { ImportRecord } from "../../domain/bulk-schemas";
import { importUndoneText } from "../../domain/import-summary";
import { formatInteger } from "../../domain/pt-br-numbers";
import { madeWhenUsed } from "../ui/made-when-used";

/** The kinds of file an import read, as 'Importações' names them. */
const KINDS: Record<string, string> = {
  json: "JSON",
  csv: "CSV",
  keep: "Google Keep",
  kindle: "Kindle (My Clippings)",
  readwise: "Readwise",
  kobo: "Kobo",
  koreader: "KOReader",
  "kindle-notebook": "Caderno do app Kindle",
};

export const kindName = (kind: string) => KINDS[kind] ?? kind.toUpperCase();

const count = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

const when = madeWhenUsed(() => new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeStyle: "short" }));

export const importWhen = (record: ImportRecord) => when().format(new Date(record.em));

/** '2.000 pensamentos · 1.998 no mural · 3 editados desde então'. */
export function importCounts(record: ImportRecord): string {
  const parts = [
    count(record.total, "pensamento", "pensamentos"),
    `${formatInteger(record.noMural)} no mural`,
  ];
  if (record.editados > 0) parts.push(count(record.editados, "editado desde então", "editados desde então"));
  return parts.join(" · ");
}

export const IMPORTS_INTRO =
  "Cada importação que trouxe pensamentos, a mais recente primeiro. 'Desfazer importação' leva para a lixeira, de uma vez, os pensamentos que ela trouxe.";
export const IMPORTS_EMPTY = "Nenhuma importação ainda.";

export function undoneMessage(moved: number, kept: number): string {
  const undone = importUndoneText(moved);
  if (kept === 0) return undone;
  const stay =
    kept === 1
      ? "1 pensamento editado desde a importação ficou no mural."
      : `${formatInteger(kept)} pensamentos editados desde a importação ficaram no mural.`;
  return `${undone} ${stay}`;
}
