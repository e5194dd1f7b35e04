import { useId } from "react";
import type { UploadProgress } from "../api/import-file";
import styles from "./ImportSection.module.css";

/**
 * The upload's progress bar. Once the whole file is sent the server still reads it (seconds, for
 * 100,000 thoughts), so the text says that instead of sitting at 100%.
 */
export function UploadStatus({ progress }: { progress: UploadProgress }) {
  const id = useId();
  const { sent, total } = progress;
  const done = sent >= total;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 100;
  return (
    <div className={styles.progress}>
      <label htmlFor={id} className={styles.progressLabel}>
        Envio do arquivo
      </label>
      <progress id={id} max={Math.max(total, 1)} value={Math.min(sent, total)} />
      <span className={styles.progressText}>
        {done ? "Arquivo enviado; o servidor está lendo os pensamentos…" : `${percent}% enviado`}
      </span>
    </div>
  );
}
