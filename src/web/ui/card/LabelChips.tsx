import { Link } from "../../routing/Link";
import styles from "./LabelChips.module.css";

interface LabelChipsProps {
  labels: readonly string[];
  /** Where a chip leads (the wall filtered by its label); without it the chips are plain text. */
  hrefOf?: (label: string) => string;
}

/** A thought's labels as chips, in a list named for readers; each a link to its label's thoughts. */
export function LabelChips({ labels, hrefOf }: LabelChipsProps) {
  if (labels.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Etiquetas">
      {labels.map((label) => (
        <li key={label}>
          {hrefOf ? (
            <Link
              to={hrefOf(label)}
              className={styles.chip}
              aria-label={`Ver pensamentos com a etiqueta ${label}`}
              preventScrollReset
            >
              {label}
            </Link>
          ) : (
            <span className={styles.chip}>{label}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
