import { useId, useState } from "react";
import { AddedOn } from "./AddedOn";
import styles from "./CardDetails.module.css";
import { LinkedText } from "./LinkedText";

/**
 * The card's quiet foot: the reader's note behind 'Nota' (a disclosure button: the note, which came with
 * the card, shows under it) and the day the thought was added.
 */
export function CardDetails({ nota, criadoEm }: { nota?: string; criadoEm?: string }) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  if (!nota && !criadoEm) return null;
  return (
    <>
      <div className={styles.details}>
        {nota ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={noteId}
            onClick={() => setOpen(!open)}
          >
            Nota
          </button>
        ) : null}
        {criadoEm ? <AddedOn instant={criadoEm} className={styles.added} /> : null}
      </div>
      {nota ? (
        <p id={noteId} className={styles.note} dir="auto" hidden={!open}>
          <LinkedText text={nota} />
        </p>
      ) : null}
    </>
  );
}
