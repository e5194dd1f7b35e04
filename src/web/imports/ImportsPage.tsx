import { useId, useState } from "react";
import type { ImportRecord } from "../../domain/bulk-schemas";
import { useImports, useUndoImport } from "../api/use-bulk";
import { useAppState } from "../routing/app-state";
import buttons from "../ui/buttons.module.css";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { ErrorNotice } from "../ui/ErrorNotice";
import { ListScreen } from "../ui/ListScreen";
import { loadFailureMessage } from "../ui/load-failure";
import { usePageTitle } from "../ui/usePageTitle";
import styles from "./ImportsPage.module.css";
import {
  IMPORTS_EMPTY,
  IMPORTS_INTRO,
  importCounts,
  importWhen,
  kindName,
  undoneMessage,
} from "./import-texts";

/**
 * /importacoes ('Importações'): each import that brought thoughts (when, what kind of file, how many), the
 * latest first, with 'Desfazer importação': its thoughts on the wall go to the trash in one step, those
 * edited since staying unless the box says otherwise. The app's 'Desfazer' (the undo line, shown on this
 * screen too) brings them back, in one step as well.
 */
export function ImportsPage() {
  usePageTitle("Importações");
  const imports = useImports();
  const undo = useUndoImport();
  const app = useAppState();
  const [confirming, setConfirming] = useState<ImportRecord>();
  const [includeEdited, setIncludeEdited] = useState(false);
  const [said, setSaid] = useState("");
  const boxId = useId();

  function onConfirm() {
    if (!confirming || undo.isPending) return;
    const { id } = confirming;
    undo.mutate(
      { id, includeEdited },
      {
        onSuccess: (outcome) => {
          setConfirming(undefined);
          setSaid(undoneMessage(outcome.movidos, outcome.editadosMantidos));
          if (outcome.movidos > 0) {
            app.undo.set({
              kind: "importUndone",
              importId: id,
              deletedAt: outcome.excluidoEm,
              count: outcome.movidos,
            });
          }
        },
      },
    );
  }

  const records = imports.data ?? [];
  return (
    <ListScreen titleId="imports-title" title="Importações" intro={IMPORTS_INTRO} said={said}>
      {imports.isError && !imports.data ? (
        <ErrorNotice
          message={loadFailureMessage(imports.error, {
            offline: "As importações precisam de conexão.",
            failed: "Não foi possível listar as importações.",
          })}
          onRetry={() => void imports.refetch()}
        />
      ) : !imports.data ? (
        <p role="status" className={styles.empty}>
          Carregando as importações…
        </p>
      ) : records.length === 0 ? (
        <p className={styles.empty}>{IMPORTS_EMPTY}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="imports-title">
          {records.map((record) => (
            <li key={record.id} className={styles.item}>
              <div className={styles.what}>
                <p className={styles.kind}>{kindName(record.tipo)}</p>
                <p className={styles.when}>{importWhen(record)}</p>
                <p className={styles.counts}>{importCounts(record)}</p>
              </div>
              <button
                type="button"
                className={buttons.secondary}
                aria-disabled={record.noMural === 0}
                aria-label={`Desfazer importação de ${importWhen(record)} (${kindName(record.tipo)})`}
                onClick={() => {
                  if (record.noMural === 0) return;
                  undo.reset();
                  setIncludeEdited(false);
                  setConfirming(record);
                }}
              >
                Desfazer importação
              </button>
            </li>
          ))}
        </ul>
      )}
      {confirming ? (
        <ConfirmDialog
          title="Desfazer importação?"
          text={`Os pensamentos desta importação (${importCounts(confirming)}) vão para a lixeira, de uma vez. Você pode trazê-los de volta com 'Desfazer' ou pela lixeira.`}
          failure="A importação não foi desfeita."
          error={undo.error}
          busy={undo.isPending}
          confirmLabel="Desfazer importação"
          busyLabel="Desfazendo…"
          onConfirm={onConfirm}
          onCancel={() => setConfirming(undefined)}
        >
          {confirming.editados > 0 ? (
            <p className={styles.choice}>
              <input
                id={boxId}
                type="checkbox"
                checked={includeEdited}
                onChange={(event) => setIncludeEdited(event.target.checked)}
              />
              <label htmlFor={boxId}>
                Incluir{" "}
                {confirming.editados === 1
                  ? "o pensamento editado"
                  : `os ${confirming.editados} pensamentos editados`}{" "}
                desde a importação
              </label>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </ListScreen>
  );
}
