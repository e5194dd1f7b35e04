import styles from "./ThoughtEditor.module.css";

/** A field's message, referenced by the field's aria-describedby; absent until there is something to say. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}
