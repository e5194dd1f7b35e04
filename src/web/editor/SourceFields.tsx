import { useId } from "react";
import type { UseFormRegister } from "react-hook-form";
import type { ThoughtForm } from "../../domain/thought";
import { FieldError } from "../ui/FieldError";
import fields from "../ui/fields.module.css";
import styles from "./ThoughtEditor.module.css";

type SourceField = "fonte" | "local" | "nota";

interface SourceFieldsProps {
  register: UseFormRegister<ThoughtForm>;
  /** Each field's message, once there is one to show (touched, or from the server). */
  messageOf: (field: SourceField) => string | undefined;
}

/**
 * Where the thought comes from and what the reader thinks of it: 'Fonte' (a book, an album, a site),
 * 'Local' in it (a page, a location) and 'Nota', the reader's own words, on as many lines as they like.
 * All three may stay empty; their rules and messages are the contract's, as for the other fields.
 */
export function SourceFields({ register, messageOf }: SourceFieldsProps) {
  const ids = { fonte: useId(), local: useId(), nota: useId() };
  const described = (field: SourceField) => {
    const message = messageOf(field);
    return {
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? `${ids[field]}-error` : undefined,
    };
  };
  const inputProps = { ids, described, register, messageOf };
  return (
    <>
      <div className={styles.source}>
        <SourceInput field="fonte" label="Fonte" placeholder="Livro, disco, filme ou site" {...inputProps} />
        <SourceInput field="local" label="Local" placeholder="p. 42" {...inputProps} />
      </div>
      <div className={fields.field}>
        <label htmlFor={ids.nota} className={fields.label}>
          Nota
        </label>
        <textarea
          id={ids.nota}
          className={`${fields.input} ${styles.note}`}
          rows={3}
          dir="auto"
          placeholder="O que você pensou ao ler"
          {...described("nota")}
          {...register("nota")}
        />
        <FieldError id={`${ids.nota}-error`} message={messageOf("nota")} />
      </div>
    </>
  );
}

interface SourceInputProps extends SourceFieldsProps {
  field: "fonte" | "local";
  label: string;
  placeholder: string;
  ids: Record<SourceField, string>;
  described: (field: SourceField) => Record<string, string | boolean | undefined>;
}

/** One line of 'Fonte' or 'Local': its label, its box and its message. */
function SourceInput({ field, label, placeholder, ids, described, register, messageOf }: SourceInputProps) {
  return (
    <div className={fields.field}>
      <label htmlFor={ids[field]} className={fields.label}>
        {label}
      </label>
      <input
        id={ids[field]}
        className={fields.input}
        type="text"
        autoComplete="off"
        dir="auto"
        placeholder={placeholder}
        {...described(field)}
        {...register(field)}
      />
      <FieldError id={`${ids[field]}-error`} message={messageOf(field)} />
    </div>
  );
}
