import type { Thought } from "../../domain/contract";
import { errorMessage } from "../api/client";
import styles from "./dialog.module.css";
import { ErrorNotice } from "./ErrorNotice";

interface ThoughtExcerptProps {
  thought: Thought | undefined;
  error: Error | null;
  onRetry: () => void;
}

/** Which thought is about to go, so nobody deletes the wrong one from a stale link. */
export function ThoughtExcerpt({ thought, error, onRetry }: ThoughtExcerptProps) {
  if (thought) {
    return (
      <figure className={`${styles.excerpt} ${styles[thought.modelo]}`}>
        <blockquote className={styles.quote} dir="auto">
          {thought.conteudo}
        </blockquote>
        <figcaption className={styles.author} dir="auto">
          {thought.autoria}
        </figcaption>
      </figure>
    );
  }
  if (error) return <ErrorNotice message={errorMessage(error)} onRetry={onRetry} />;
  return (
    <p role="status" className={styles.loading}>
      Carregando pensamento…
    </p>
  );
}
