import { type ReactNode, useId, useRef } from "react";
import { type Control, useWatch } from "react-hook-form";
import type { z } from "zod";
import type { Screen } from "../../domain/messages";
import type { ThoughtForm } from "../../domain/thought";
import buttons from "../ui/buttons.module.css";
import { useOnline } from "../ui/connection";
import styles from "./EditorActions.module.css";
import { saveHint } from "./save-hint";
import { useFocusAboveBar } from "./useFocusAboveBar";
import { useKeyboardInset } from "./useKeyboardInset";

/** Marks the bar, which the labels' suggestions keep clear of (see LabelsInput). */
export const SAVE_BAR = "data-save-bar";

interface EditorActionsProps {
  valid: boolean;
  saving: boolean;
  /** The form's values and rules, from which the bar says why Salvar is disabled (see saveHint). */
  control: Control<ThoughtForm>;
  schema: z.ZodType;
  screen: Screen;
  onCancel: () => void;
  /** What failed for the whole form, said here, in view (see BarFailure). */
  failure?: ReactNode;
}

/**
 * Salvar and Cancelar in a bar that stays at the foot of the screen while the form is longer than it, and
 * above the on-screen keyboard (see useKeyboardInset), so that they are in reach while the user types.
 */
export function EditorActions({
  valid,
  saving,
  control,
  schema,
  screen,
  onCancel,
  failure,
}: EditorActionsProps) {
  const bar = useRef<HTMLDivElement>(null);
  const hintId = useId();
  useKeyboardInset(bar);
  useFocusAboveBar(bar);
  // Watched here, not in the form: only the bar draws again on each key.
  const [conteudo, autoria, modelo, etiquetas, fonte, local, nota] = useWatch({
    control,
    name: ["conteudo", "autoria", "modelo", "etiquetas", "fonte", "local", "nota"],
  });
  const values = { conteudo, autoria, modelo, etiquetas, fonte, local, nota };
  const reason = valid || saving ? undefined : saveHint(schema, values, screen);
  // Said in the bar, in view above a phone's keyboard, before Salvar is pressed: the save will wait here.
  const online = useOnline();
  return (
    <div ref={bar} className={styles.bar} {...{ [SAVE_BAR]: "" }}>
      {failure}
      {reason ? (
        <p id={hintId} className={styles.missing}>
          {reason}
        </p>
      ) : !online ? (
        <p role="status" className={styles.offline}>
          Sem conexão: ao salvar, o pensamento fica guardado neste aparelho e é enviado quando a conexão
          voltar.
        </p>
      ) : (
        <p className={styles.shortcut}>
          <kbd>Ctrl</kbd> + <kbd>Enter</kbd> salva
        </p>
      )}
      <button
        type="submit"
        className={buttons.primary}
        disabled={!valid}
        // While saving the button stays focusable (a disabled one drops the focus to <body>, far from a
        // failure message); the form's in-flight guard makes further clicks and taps do nothing.
        aria-disabled={saving || undefined}
        aria-describedby={reason ? hintId : undefined}
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
