import { useId } from "react";
import type { ImportResult } from "../../domain/contract-schemas";
import styles from "./ImportSection.module.css";

/**
 * What the import left out on purpose (a note in Keep's trash, a Kindle bookmark), by kind: said plainly,
 * apart from the errors, which are red. Nothing is wrong with these items; the app does not take them.
 */
export function ImportPassedOver({ result }: { result: ImportResult }) {
  const id = useId();
  const kinds = result.passedOver ?? [];
  if (kinds.length === 0) return null;
  return (
    <section className={styles.passedOver} aria-labelledby={id}>
      <h3 id={id} className={styles.passedOverTitle}>
        {result.dryRun ? "Ficariam de fora de propósito:" : "Ficaram de fora de propósito:"}
      </h3>
      <ul className={styles.errorList}>
        {kinds.map(({ reason, count }) => (
          <li key={reason}>
            {reason}: {count}
          </li>
        ))}
      </ul>
    </section>
  );
}
