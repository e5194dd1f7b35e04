import { type FormEvent, useId, useState } from "react";
import type { LabelCount } from "../../domain/contract";
import { labelRules } from "../../domain/thought-fields";
import { errorMessage } from "../api/client";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import buttons from "../ui/buttons.module.css";
import { FieldError } from "../ui/FieldError";
import fields from "../ui/fields.module.css";
import styles from "./LabelsPage.module.css";

interface LabelRowProps {
  label: LabelCount;
  /** Rejects when the server refuses; the row stays in its form with the message. */
  onRename: (from: string, to: string) => Promise<void>;
  onDelete: () => void;
}

const countText = (total: number) => `${total} ${total === 1 ? "pensamento" : "pensamentos"}`;

/**
 * One label: a link to its thoughts, its count, 'Ocultar' (the wall without them), and 'Renomear' (a small
 * form in place) and 'Excluir'.
 */
export function LabelRow({ label, onRename, onDelete }: LabelRowProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(label.nome);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const ids = { input: useId(), error: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = labelRules.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setSaving(true);
    try {
      await onRename(label.nome, checked.data);
      setEditing(false);
    } catch (failure) {
      setError(`A etiqueta não foi renomeada. ${errorMessage(failure)}`);
    } finally {
      setSaving(false);
    }
  }

  if (editing) {
    return (
      <li className={styles.row}>
        <form className={styles.rename} onSubmit={submit} noValidate>
          <label htmlFor={ids.input} className={fields.label}>
            Novo nome para “{label.nome}”
          </label>
          <input
            id={ids.input}
            className={fields.input}
            value={name}
            // The form was opened to type here.
            // biome-ignore lint/a11y/noAutofocus: focus moves to the field the user just asked for.
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
          <FieldError id={ids.error} message={error} />
          <div className={styles.actions}>
            <button type="button" className={buttons.secondary} onClick={() => setEditing(false)}>
              Cancelar
            </button>
            <button type="submit" className={buttons.primary} aria-disabled={saving}>
              {saving ? "Salvando…" : "Salvar"}
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className={styles.row}>
      <Link to={paths.wallWithLabel(label.nome)} className={styles.chip}>
        {label.nome}
      </Link>
      <span className={styles.count}>{countText(label.total)}</span>
      <span className={styles.actions}>
        {/* The wall without this label's thoughts (`?sem=`): a view, nothing changes on them. */}
        <Link
          to={paths.wallWithout(label.nome)}
          className={`${buttons.compact} ${styles.hide}`}
          aria-label={`Ocultar etiqueta ${label.nome} do mural`}
        >
          Ocultar
        </Link>
        <button
          type="button"
          className={buttons.compact}
          aria-label={`Renomear etiqueta ${label.nome}`}
          onClick={() => {
            setName(label.nome);
            setError(undefined);
            setEditing(true);
          }}
        >
          Renomear
        </button>
        <button
          type="button"
          // Outlined: the destructive choice weighs less than 'Renomear', the screen's main action.
          className={`${buttons.compact} ${styles.remove}`}
          aria-label={`Excluir etiqueta ${label.nome}`}
          onClick={onDelete}
        >
          Excluir
        </button>
      </span>
    </li>
  );
}
