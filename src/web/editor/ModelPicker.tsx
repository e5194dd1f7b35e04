import { type Control, type UseFormRegister, useWatch } from "react-hook-form";
import { MODELS } from "../../domain/rules";
import type { ThoughtForm } from "../../domain/thought";
import { ThoughtCard } from "../ui/card/ThoughtCard";
import styles from "./ModelPicker.module.css";

interface ModelPickerProps {
  control: Control<ThoughtForm>;
  register: UseFormRegister<ThoughtForm>;
}

/** Past this length a preview shows the start and an ellipsis, so three copies of a long text stay short. */
const PREVIEW_MAX = 240;

function previewText(conteudo: string) {
  if (!conteudo.trim()) return <span className={styles.placeholder}>Seu pensamento aparece aqui.</span>;
  return conteudo.length > PREVIEW_MAX ? `${conteudo.slice(0, PREVIEW_MAX).trimEnd()}…` : conteudo;
}

/**
 * The three models as radios, each beside a live preview of the card being typed. The previews are hidden
 * from assistive technology: they repeat, three times, text the user has just typed.
 */
export function ModelPicker({ control, register }: ModelPickerProps) {
  const [conteudo, autoria] = useWatch({ control, name: ["conteudo", "autoria"] });
  const author = autoria.trim() ? autoria : <span className={styles.placeholder}>Autoria ou fonte</span>;
  return (
    <fieldset className={styles.models}>
      <legend className={styles.legend}>Escolha um modelo</legend>
      <div className={styles.options}>
        {MODELS.map((model, index) => (
          <div key={model} className={styles.option}>
            <label className={styles.choice}>
              <input type="radio" value={model} className={styles.radio} {...register("modelo")} />
              Modelo {index + 1}
            </label>
            <div className={styles.preview} aria-hidden="true">
              <ThoughtCard
                conteudo={conteudo}
                autoria={autoria}
                modelo={model}
                content={previewText(conteudo)}
                author={author}
              />
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
