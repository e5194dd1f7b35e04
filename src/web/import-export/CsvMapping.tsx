import { useId } from "react";
import { IMPORT_MAP_FIELDS, type ImportMapField, type ImportResult } from "../../domain/contract-schemas";
import fields from "../ui/fields.module.css";
import styles from "./ImportPreview.module.css";

export type Mapeamento = NonNullable<ImportResult["mapeamento"]>;
export type DraftMap = Partial<Record<ImportMapField, string>>;

/** Each field as the mapping step names it. */
export const FIELD_LABELS: Record<ImportMapField, string> = {
  conteudo: "Texto",
  autoria: "Autoria",
  fonte: "Fonte",
  local: "Local",
  nota: "Nota",
  criadoEm: "Data",
  etiquetas: "Etiquetas",
};

/** The text and the author must each come from a column. */
export const REQUIRED_MAP_FIELDS: readonly ImportMapField[] = ["conteudo", "autoria"];

export const MAP_INCOMPLETE = "Escolha a coluna do texto e a da autoria.";

interface CsvMappingProps {
  mapeamento: Mapeamento;
  mapa: DraftMap;
  onChange: (mapa: DraftMap) => void;
}

/**
 * 'Colunas do CSV': for a CSV whose header the server does not know, which column is the text, the author,
 * the source, the place, the note, the date and the labels (the server's guess chosen first), and the first
 * rows as they would be read.
 */
export function CsvMapping({ mapeamento, mapa, onChange }: CsvMappingProps) {
  const id = useId();
  const chosen = IMPORT_MAP_FIELDS.filter((field) => mapa[field] !== undefined);
  const column = (field: ImportMapField) => mapeamento.colunas.indexOf(mapa[field] ?? "");
  return (
    <fieldset className={styles.group} aria-describedby={`${id}-hint`}>
      <legend className={styles.legend}>Colunas do CSV</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        O Memoteca não conhece este cabeçalho. Diga qual coluna é cada campo (texto e autoria são
        obrigatórios) e simule de novo.
      </p>
      <div className={styles.mapping}>
        {IMPORT_MAP_FIELDS.map((field) => (
          <div key={field} className={styles.mapField}>
            <label htmlFor={`${id}-${field}`} className={fields.label}>
              {FIELD_LABELS[field]}
              {REQUIRED_MAP_FIELDS.includes(field) ? " (obrigatório)" : ""}
            </label>
            <select
              id={`${id}-${field}`}
              className={styles.select}
              value={mapa[field] ?? ""}
              onChange={(event) => {
                const value = event.currentTarget.value;
                const others = Object.entries(mapa).filter(([key]) => key !== field);
                onChange(Object.fromEntries(value === "" ? others : [...others, [field, value]]));
              }}
            >
              <option value="">Nenhuma</option>
              {mapeamento.colunas.map((name, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a name; their order never changes.
                <option key={`${index}-${name}`} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {chosen.length > 0 && mapeamento.amostra.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.caption}>Primeiras linhas, como seriam lidas</caption>
            <thead>
              <tr>
                {chosen.map((field) => (
                  <th key={field} scope="col">
                    {FIELD_LABELS[field]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {mapeamento.amostra.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the sample's rows never move.
                <tr key={index}>
                  {chosen.map((field) => (
                    <td key={field}>{row[column(field)] ?? ""}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </fieldset>
  );
}
