import type { ImportResult } from "./contract-schemas";
import { formatInteger } from "./pt-br-numbers";

/**
 * `count` and the word that goes with it, as pt-BR writes them: the singular for 1 only ('0 pensamentos'), and
 * thousands set apart ('2.000 pensamentos importados', as 'Importações' writes its counts).
 */
export const counted = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

/**
 * What an import did, or what its dry run would do, in one sentence: '3 pensamentos importados,
 * 1 ignorado (1 já estava no mural).' What was passed over on purpose is said by kind ('Marcadores do Kindle: 2').
 * A dry run says so, and that nothing changed. The page and
 * `npm run import` say it alike.
 */
export function importSummary({
  dryRun,
  imported,
  skipped,
  duplicates,
  passedOver = [],
}: ImportResult): string {
  const went = dryRun
    ? counted(imported, "pensamento seria importado", "pensamentos seriam importados")
    : counted(imported, "pensamento importado", "pensamentos importados");
  const left = dryRun
    ? counted(skipped, "seria ignorado", "seriam ignorados")
    : counted(skipped, "ignorado", "ignorados");
  const why = [
    ...(duplicates > 0 ? [counted(duplicates, "já estava no mural", "já estavam no mural")] : []),
    ...passedOver.map(({ reason, count }) => `${reason}: ${formatInteger(count)}`),
  ];
  const sentence = `${went}${skipped > 0 ? `, ${left}` : ""}${why.length > 0 ? ` (${why.join("; ")})` : ""}.`;
  return dryRun ? `Simulação: ${sentence} Nada foi alterado no mural.` : sentence;
}

/** The errors the answer counted but did not list. */
export function errorsNotListed(count: number): string {
  return `e mais ${counted(count, "erro", "erros")}`;
}

/** An import undone: 'Importação desfeita: 2.000 pensamentos foram para a lixeira.' ('Importações', the undo line). */
export function importUndoneText(moved: number): string {
  return `Importação desfeita: ${counted(moved, "pensamento foi", "pensamentos foram")} para a lixeira.`;
}
