import buttons from "../ui/buttons.module.css";
import styles from "./ThoughtEditor.module.css";

interface EditorActionsProps {
  valid: boolean;
  saving: boolean;
  onCancel: () => void;
}

export function EditorActions({ valid, saving, onCancel }: EditorActionsProps) {
  return (
    <div className={styles.actions}>
      <p className={styles.hint}>
        <kbd>Ctrl</kbd> + <kbd>Enter</kbd> salva
      </p>
      <button
        type="submit"
        className={buttons.primary}
        disabled={!valid}
        // While saving the button stays focusable (a disabled one drops the focus to <body>, far from a
        // failure message); the form's in-flight guard makes further clicks do nothing.
        aria-disabled={saving || undefined}
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
