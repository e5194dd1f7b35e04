import { useId } from "react";
import type { ImportResult } from "../../domain/contract-schemas";
import { errorsNotListed } from "../../domain/import-summary";
import styles from "./ImportSection.module.css";
import { errorsHeading } from "./import-texts";

/** Each item left out for an error, where it is in the file and why; the answer lists up to 1000. */
export function ImportErrors({ result }: { result: ImportResult }) {
  const id = useId();
  const count = result.errors.length + result.errorsNotListed;
  if (count === 0) return null;
  return (
    <section className={styles.errors} aria-labelledby={id}>
      <h3 id={id} className={styles.errorsTitle}>
        {errorsHeading(count)}
      </h3>
      <ul className={styles.errorList}>
        {result.errors.map((error) => (
          <li key={`${error.at}\u0000${error.message}`}>
            <span className={styles.at}>{error.at}</span>: {error.message}
          </li>
        ))}
      </ul>
      {result.errorsNotListed > 0 ? (
        <p className={styles.more}>{errorsNotListed(result.errorsNotListed)}</p>
      ) : null}
    </section>
  );
}
