import { type ReactNode, useId } from "react";
import { errorMessage } from "../api/client";
import buttons from "./buttons.module.css";
import styles from "./dialog.module.css";
import { ErrorNotice } from "./ErrorNotice";
import { ModalDialog } from "./ModalDialog";

interface ConfirmDialogProps {
  /** The question: the dialog's heading and its accessible name. */
  title: string;
  /** What confirming does: the dialog's description. */
  text: string;
  /** Shown between the text and the buttons, such as the thought about to go. */
  children?: ReactNode;
  /** Said before the server's reason when confirming failed, e.g. 'A etiqueta não foi excluída.' */
  failure: string;
  error: unknown;
  busy: boolean;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A destructive action asked first: Cancelar holds the focus, the action is red and waits for the server. */
export function ConfirmDialog({
  title,
  text,
  children,
  failure,
  error,
  busy,
  confirmLabel,
  busyLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ids = { title: useId(), text: useId() };
  return (
    <ModalDialog labelledBy={ids.title} describedBy={ids.text} onDismiss={onCancel}>
      <h2 id={ids.title} className={styles.title}>
        {title}
      </h2>
      <p id={ids.text} className={styles.text}>
        {text}
      </p>
      {children}
      {/* Gone while a retry runs: the old failure no longer says what is happening. */}
      {error && !busy ? (
        <ErrorNotice message={`${failure} ${errorMessage(error)}`} onRetry={onConfirm} />
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} data-autofocus onClick={onCancel}>
          Cancelar
        </button>
        {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog. */}
        <button
          type="button"
          className={buttons.danger}
          aria-disabled={busy}
          onClick={() => !busy && onConfirm()}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
