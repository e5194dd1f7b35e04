import styles from "./EditorActions.module.css";

interface BarFailureProps {
  message: string;
  /** Sends the form again, as Salvar does. */
  onRetry: () => void;
}

/**
 * A save that failed for the whole form (offline, no answer, the server's 5xx, a thought deleted meanwhile),
 * said in the form's sticky bar, beside Salvar: in view wherever the form is scrolled, where on a phone it
 * fell below the fold behind the bar. A field's own message stays under its field. Announced as it appears.
 */
export function BarFailure({ message, onRetry }: BarFailureProps) {
  return (
    <div role="alert" className={styles.failure}>
      <span>{message}</span>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Tentar de novo
      </button>
    </div>
  );
}
