import { type ReactNode, useId } from "react";
import { errorMessage } from "../api/client";
import { ConfirmActions, type ConfirmActionsProps } from "./ConfirmActions";
import styles from "./dialog.module.css";
import { ErrorNotice } from "./ErrorNotice";
import { ModalDialog } from "./ModalDialog";

interface ConfirmDialogProps extends Omit<ConfirmActionsProps, "ready"> {
  /** The question: the dialog's heading and its accessible name. */
  title: string;
  /** What confirming does: the dialog's description. */
  text: string;
  /** Shown between the text and the buttons, such as the thought about to go. */
  children?: ReactNode;
  /** Said before the server's reason when confirming failed, e.g. 'A etiqueta não foi excluída.' */
  failure: string;
  error: unknown;
}

/** What a screen hands on to its confirm dialog: the action's progress and the two choices. */
export type ConfirmState = Pick<ConfirmDialogProps, "busy" | "error" | "onConfirm" | "onCancel">;

/** A destructive action asked first, in a modal of its own: Cancelar has the focus, the action is red. */
export function ConfirmDialog({ title, text, children, failure, error, ...actions }: ConfirmDialogProps) {
  const ids = { title: useId(), text: useId() };
  return (
    <ModalDialog labelledBy={ids.title} describedBy={ids.text} onDismiss={actions.onCancel}>
      <h2 id={ids.title} className={styles.title}>
        {title}
      </h2>
      <p id={ids.text} className={styles.text}>
        {text}
      </p>
      {children}
      {/* Gone while a retry runs: the old failure no longer says what is happening. */}
      {error && !actions.busy ? (
        <ErrorNotice message={`${failure} ${errorMessage(error)}`} onRetry={actions.onConfirm} />
      ) : null}
      <ConfirmActions {...actions} />
    </ModalDialog>
  );
}
