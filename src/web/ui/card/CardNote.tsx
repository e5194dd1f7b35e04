import { useId, useState } from "react";
import styles from "./CardNote.module.css";
import { LinkedText } from "./LinkedText";

/** The reader's own note, behind 'Nota': a disclosure button, the note (which came with the card) under it. */
export function CardNote({ nota }: { nota: string }) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  return (
    <>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={noteId}
        onClick={() => setOpen(!open)}
      >
        Nota
      </button>
      <p id={noteId} className={styles.note} dir="auto" hidden={!open}>
        <LinkedText text={nota} />
      </p>
    </>
  );
}
