import type { TrashedThought } from "../../domain/contract";
import buttons from "../ui/buttons.module.css";
import { ThoughtCard } from "../ui/card/ThoughtCard";
import styles from "./TrashPage.module.css";
import { deletedLine } from "./trash-texts";

interface TrashItemProps {
  thought: TrashedThought;
  now: number;
  busy: boolean;
  onRestore: (thought: TrashedThought) => void;
  onDeleteForever: (thought: TrashedThought) => void;
}

/** A trashed thought as its card, with when it was deleted and the two ways out of the trash. */
export function TrashItem({ thought, now, busy, onRestore, onDeleteForever }: TrashItemProps) {
  return (
    <ThoughtCard
      conteudo={thought.conteudo}
      autoria={thought.autoria}
      modelo={thought.modelo}
      fonte={thought.fonte}
      local={thought.local}
      label={`Pensamento de ${thought.autoria}, na lixeira`}
    >
      <div className={styles.itemFoot} data-trash-id={thought.id}>
        <p className={styles.when}>{deletedLine(thought.excluidoEm, now)}</p>
        <div className={styles.itemActions}>
          {/* Restoring is what the trash is for: the full weight. Deleting for good is quieter, still red. */}
          <button
            type="button"
            className={buttons.primary}
            aria-disabled={busy}
            onClick={() => !busy && onRestore(thought)}
          >
            Restaurar
          </button>
          <button
            type="button"
            className={`${buttons.secondary} ${styles.destructive}`}
            aria-disabled={busy}
            onClick={() => !busy && onDeleteForever(thought)}
          >
            Excluir para sempre
          </button>
        </div>
      </div>
    </ThoughtCard>
  );
}
