import styles from "./ErrorNotice.module.css";

interface ErrorNoticeProps {
  message: string;
  /** Shown as a 'Tentar de novo' button when the failed action can be repeated. */
  onRetry?: () => void;
}

/** A failed call, said in pt-BR with a way to try again; announced to screen readers as it appears. */
export function ErrorNotice({ message, onRetry }: ErrorNoticeProps) {
  return (
    <div role="alert" className={styles.notice}>
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className={styles.retry} onClick={onRetry}>
          Tentar de novo
        </button>
      ) : null}
    </div>
  );
}
