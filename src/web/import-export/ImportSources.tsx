import { useId } from "react";
import type { ImportResult } from "../../domain/contract-schemas";
import { counted } from "../../domain/import-summary";
import styles from "./ImportPreview.module.css";

interface ImportSourcesProps {
  result: ImportResult;
  unticked: ReadonlySet<number>;
  onToggle: (position: number, ticked: boolean) => void;
}

/** A source as the list names it: its title and author, or 'Sem fonte' for thoughts without one. */
function sourceName(fonte: string, autoria: string): string {
  if (fonte === "") return "Sem fonte";
  return autoria !== "" && autoria !== fonte ? `${fonte} — ${autoria}` : fonte;
}

/**
 * 'Fontes no arquivo': the books (sources) a dry run found, each with how many thoughts it holds and how
 * many are new to the wall, ticked; what the user unticks stays out of the import.
 */
export function ImportSources({ result, unticked, onToggle }: ImportSourcesProps) {
  const id = useId();
  const sources = result.fontes ?? [];
  if (sources.length === 0 || (sources.length === 1 && sources[0]?.fonte === "")) return null;
  return (
    <fieldset className={styles.group} aria-describedby={`${id}-hint`}>
      <legend className={styles.legend}>Fontes no arquivo</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        Desmarque as fontes que não quer trazer; a importação leva só as marcadas.
      </p>
      <ul className={styles.sources}>
        {sources.map(({ fonte, autoria, total, novos }, position) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a source is its position in the dry run's list (what semFontes names).
          <li key={`${position}-${fonte}`}>
            <label className={styles.source}>
              <input
                type="checkbox"
                checked={!unticked.has(position)}
                onChange={(event) => onToggle(position, event.currentTarget.checked)}
              />
              <span>
                <span className={styles.sourceName}>{sourceName(fonte, autoria)}</span>{" "}
                <span className={styles.count}>
                  ({counted(total, "pensamento", "pensamentos")}, {counted(novos, "novo", "novos")})
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {result.fontesNaoListadas ? (
        <p className={styles.hint}>
          {`E mais ${counted(result.fontesNaoListadas, "fonte", "fontes")}, que entram sempre.`}
        </p>
      ) : null}
    </fieldset>
  );
}
