import buttons from "./buttons.module.css";
import styles from "./dialog.module.css";

export interface ConfirmActionsProps {
  confirmLabel: string;
  /** Said on the confirm button while the server works on it. */
  busyLabel: string;
  busy: boolean;
  /** False while what would be confirmed is still loading: the button stays, but does nothing yet. */
  ready?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirm dialog's two ways out: Cancelar, which has the focus first, and the red action. */
export function ConfirmActions({
  confirmLabel,
  busyLabel,
  busy,
  ready = true,
  onConfirm,
  onCancel,
}: ConfirmActionsProps) {
  const idle = ready && !busy;
  return (
    <div className={styles.actions}>
      <button type="button" className={buttons.secondary} data-autofocus onClick={onCancel}>
        Cancelar
      </button>
      {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog. */}
      <button
        type="button"
        className={buttons.danger}
        aria-disabled={!idle}
        onClick={() => idle && onConfirm()}
      >
        {busy ? busyLabel : confirmLabel}
      </button>
    </div>
  );
}
