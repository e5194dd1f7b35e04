import buttons from "./buttons.module.css";
import styles from "./ThoughtEditor.module.css";

interface EditorActionsProps {
  canSave: boolean;
  saving: boolean;
  onCancel: () => void;
}

export function EditorActions({ canSave, saving, onCancel }: EditorActionsProps) {
  return (
    <div className={styles.actions}>
      <p className={styles.hint}>
        <kbd>Ctrl</kbd> + <kbd>Enter</kbd> salva
      </p>
      <button
        type="submit"
        className={buttons.primary}
        disabled={!canSave}
        aria-keyshortcuts="Control+Enter Meta+Enter"
      >
        {saving ? "Salvando…" : "Salvar"}
      </button>
      <button type="button" className={buttons.secondary} onClick={onCancel}>
        Cancelar
      </button>
    </div>
  );
}
