import styles from "./fields.module.css";

interface FieldErrorProps {
  id: string;
  message: string | undefined;
  /** Announced as it appears (role="alert"), for a message that answers a submit rather than typing. */
  alert?: boolean;
}

/** A field's message, referenced by the field's aria-describedby; absent until there is something to say. */
export function FieldError({ id, message, alert }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error} role={alert ? "alert" : undefined}>
      {message}
    </p>
  );
}
