import { useEffect, useId, useRef } from "react";
import type { Thought } from "../../domain/contract";
import type { ThoughtForm } from "../../domain/thought";
import buttons from "../ui/buttons.module.css";
import styles from "./EditConflict.module.css";

/** The value each submit button of the choice sends (the form's `escolha`), read by EditPage's save. */
export const KEEP_MINE = "meu";
export const KEEP_BOTH = "ambos";
export const CHOICE_NAME = "escolha";

interface EditConflictProps {
  /** What the user tried to save. */
  mine: Pick<ThoughtForm, "conteudo" | "autoria">;
  /** The thought as the other device left it (the 412's `atual`). */
  theirs: Thought;
  /** 'Usar o outro': the form is left without saving, the other device's text stays. */
  onUseTheirs: () => void;
}

/**
 * A save that met a newer version (412): both texts, and what to do with them. 'Manter o meu' saves the
 * form over the other device's version, 'Manter os dois' saves it as a new thought beside it: both submit
 * the form (with what is typed in it now), so its rules apply; 'Usar o outro' leaves it. A named region that
 * takes the focus as it appears, so a screen reader reads it first and the keyboard starts in it.
 */
export function EditConflict({ mine, theirs, onUseTheirs }: EditConflictProps) {
  const ids = { title: useId(), text: useId() };
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    region.current?.focus();
  }, []);
  return (
    <section
      ref={region}
      className={styles.conflict}
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      tabIndex={-1}
    >
      <h2 id={ids.title} className={styles.title}>
        Este pensamento mudou em outro aparelho
      </h2>
      <p id={ids.text} className={styles.text}>
        Ele foi salvo em outro lugar depois que você começou a editar. Escolha o que fica:
      </p>
      <div className={styles.versions}>
        <Version title="O seu" conteudo={mine.conteudo} autoria={mine.autoria} />
        <Version title="O do outro aparelho" conteudo={theirs.conteudo} autoria={theirs.autoria} />
      </div>
      <div className={styles.actions}>
        <button type="submit" name={CHOICE_NAME} value={KEEP_MINE} className={buttons.primary}>
          Manter o meu
        </button>
        <button type="button" className={buttons.secondary} onClick={onUseTheirs}>
          Usar o outro
        </button>
        <button type="submit" name={CHOICE_NAME} value={KEEP_BOTH} className={buttons.secondary}>
          Manter os dois
        </button>
      </div>
      <p className={styles.hint}>‘Manter os dois’ salva o seu como um novo pensamento e mantém o outro.</p>
    </section>
  );
}

function Version({ title, conteudo, autoria }: { title: string; conteudo: string; autoria: string }) {
  const id = useId();
  return (
    <figure className={styles.version} aria-labelledby={id}>
      <figcaption id={id} className={styles.versionTitle}>
        {title}
      </figcaption>
      <blockquote className={styles.quote} dir="auto">
        {conteudo}
      </blockquote>
      <p className={styles.author} dir="auto">
        {autoria}
      </p>
    </figure>
  );
}
