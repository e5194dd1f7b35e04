import { useId } from "react";
import buttons from "../ui/buttons.module.css";
import { ModalDialog } from "../ui/ModalDialog";
import styles from "./ShortcutsDialog.module.css";
import { shortcutList } from "./shortcut-list";

/** '?': the keyboard shortcuts in a dialog; 'Fechar' (or Esc) gives the focus back to where it was. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const noteId = useId();
  return (
    <ModalDialog labelledBy={titleId} describedBy={noteId} onDismiss={onClose}>
      <h2 id={titleId} className={styles.title}>
        Atalhos do teclado
      </h2>
      <dl className={styles.list}>
        {shortcutList.map(({ key, label, action }) => (
          <div key={key} className={styles.row}>
            <dt>
              <kbd className={styles.key}>{key}</kbd>
              {/* The key's name too, for screen readers that skip a lone punctuation mark. */}
              {label === key ? null : <span className="visually-hidden"> ({label})</span>}
            </dt>
            <dd className={styles.action}>{action}</dd>
          </div>
        ))}
      </dl>
      <p id={noteId} className={styles.note}>
        Os atalhos não valem enquanto você digita em um campo.
      </p>
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} onClick={onClose} data-autofocus>
          Fechar
        </button>
      </div>
    </ModalDialog>
  );
}
