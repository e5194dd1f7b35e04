import { useId } from "react";
import type { TrashedThought } from "../../domain/contract";
import { errorMessage } from "../api/client";
import buttons from "../ui/buttons.module.css";
import styles from "../ui/dialog.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import { ModalDialog } from "../ui/ModalDialog";
import { ThoughtExcerpt } from "../ui/ThoughtExcerpt";

interface ForeverDialogProps {
  thought: TrashedThought;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Excluir para sempre' asks first: unlike a deletion, this one has no way back. */
export function ForeverDialog({ thought, busy, error, onConfirm, onCancel }: ForeverDialogProps) {
  const title = useId();
  const text = useId();
  return (
    <ModalDialog labelledBy={title} describedBy={text} onDismiss={onCancel}>
      <h2 id={title} className={styles.title}>
        Excluir para sempre
      </h2>
      <p id={text} className={styles.text}>
        O pensamento será apagado definitivamente. Essa ação não pode ser desfeita.
      </p>
      <ThoughtExcerpt thought={thought} error={null} onRetry={() => undefined} />
      {error && !busy ? (
        <ErrorNotice message={`O pensamento não foi apagado. ${errorMessage(error)}`} onRetry={onConfirm} />
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
          {busy ? "Apagando…" : "Excluir para sempre"}
        </button>
      </div>
    </ModalDialog>
  );
}
