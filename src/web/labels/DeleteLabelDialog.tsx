import { useId } from "react";
import type { LabelCount } from "../../domain/contract";
import { errorMessage } from "../api/client";
import buttons from "../ui/buttons.module.css";
import styles from "../ui/dialog.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import { ModalDialog } from "../ui/ModalDialog";

interface DeleteLabelDialogProps {
  label: LabelCount;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Deleting a label asks first: it leaves every thought that carries it (the thoughts themselves stay). */
export function DeleteLabelDialog({ label, busy, error, onConfirm, onCancel }: DeleteLabelDialogProps) {
  const title = useId();
  const text = useId();
  const many = label.total === 1 ? "1 pensamento" : `${label.total} pensamentos`;
  return (
    <ModalDialog labelledBy={title} describedBy={text} onDismiss={onCancel}>
      <h2 id={title} className={styles.title}>
        Excluir a etiqueta “{label.nome}”?
      </h2>
      <p id={text} className={styles.text}>
        Ela sai de {many}. Os pensamentos continuam no mural.
      </p>
      {error && !busy ? (
        <ErrorNotice message={`A etiqueta não foi excluída. ${errorMessage(error)}`} onRetry={onConfirm} />
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} data-autofocus onClick={onCancel}>
          Cancelar
        </button>
        <button
          type="button"
          className={buttons.danger}
          aria-disabled={busy}
          onClick={() => !busy && onConfirm()}
        >
          {busy ? "Excluindo…" : "Excluir etiqueta"}
        </button>
      </div>
    </ModalDialog>
  );
}
