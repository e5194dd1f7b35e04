import type { ConflictChoice } from "../api/outbox/outbox";
import type { PendingMark } from "../api/outbox/outbox-overlay";
import { loadOutbox } from "../api/outbox/outbox-state";
import buttons from "../ui/buttons.module.css";
import styles from "./PendingNote.module.css";

/** What a card's waiting write says: which one, by its kind. */
const WAITING: Record<PendingMark["kind"], string> = {
  create: "Aguardando envio",
  edit: "Aguardando envio",
  favorite: "Aguardando envio",
  delete: "Aguardando envio: exclusão",
};

const withOutbox = (act: (outbox: Awaited<ReturnType<typeof loadOutbox>>) => Promise<void>) =>
  void loadOutbox().then(act);

/**
 * 'Aguardando envio' on a card whose write waits on this device. For a write the server refused, its
 * message and 'Descartar' (editing the thought again replaces the refused write). For one made on a
 * version the server no longer has (412), the other device's text and the choice: 'Manter o meu' (sent
 * over it), 'Usar o outro' (dropped), 'Manter os dois' (an edit's text saved as a new thought).
 */
export interface PendingNoteProps {
  mark: PendingMark;
}

export function PendingNote({ mark }: PendingNoteProps) {
  const { seq } = mark;
  if (mark.state === "waiting" || seq === undefined)
    return <p className={styles.note}>{WAITING[mark.kind]}</p>;
  const choose = (choice: ConflictChoice) => withOutbox(({ outbox }) => outbox().resolve(seq, choice));
  if (mark.state === "conflict") {
    return (
      <div className={`${styles.note} ${styles.held}`} role="alert">
        <span>
          {mark.message ?? "Este pensamento mudou em outro aparelho."}
          {mark.current ? ` No outro aparelho: “${mark.current.conteudo}”` : null}
        </span>
        <button type="button" className={buttons.compact} onClick={() => choose("mine")}>
          Manter o meu
        </button>
        <button type="button" className={buttons.compact} onClick={() => choose("theirs")}>
          Usar o outro
        </button>
        {mark.kind === "edit" ? (
          <button type="button" className={buttons.compact} onClick={() => choose("both")}>
            Manter os dois
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className={`${styles.note} ${styles.held}`} role="alert">
      <span>Não enviado: {mark.message}</span>
      <button
        type="button"
        className={buttons.compact}
        onClick={() => withOutbox(({ outbox }) => outbox().discard(seq))}
      >
        Descartar
      </button>
    </div>
  );
}
