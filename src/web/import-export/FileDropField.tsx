import { type DragEvent, type RefObject, useId, useState } from "react";
import { IMPORT_MAX_BYTES } from "../../domain/contract-schemas";
import { FieldError } from "../ui/FieldError";
import fields from "../ui/fields.module.css";
import styles from "./ImportSection.module.css";
import { fileSize } from "./import-texts";

interface FileDropFieldProps {
  file: File | undefined;
  problem: string | undefined;
  onChoose: (file: File | undefined, problem?: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

const ONE_AT_A_TIME = "Solte um arquivo por vez.";
const LIMIT = fileSize(IMPORT_MAX_BYTES);

/**
 * 'Arquivo para importar': a file field inside a zone that also takes a dropped file. Keyboard and
 * screen-reader users choose in the field; the zone is only a larger target for a mouse.
 */
export function FileDropField({ file, problem, onChoose, inputRef }: FileDropFieldProps) {
  const [over, setOver] = useState(false);
  const ids = { input: useId(), hint: useId(), chosen: useId(), problem: useId() };

  function hover(event: DragEvent<HTMLDivElement>) {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setOver(true);
  }

  function leave(event: DragEvent<HTMLDivElement>) {
    // Moving between the zone's own children fires dragleave too; only leaving the zone counts.
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
      setOver(false);
    }
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files;
    const first = dropped[0];
    if (!first) return;
    if (dropped.length > 1) return onChoose(undefined, ONE_AT_A_TIME);
    // The field then names the dropped file too, as if it had been chosen there.
    if (inputRef.current && dropped instanceof FileList) inputRef.current.files = dropped;
    onChoose(first);
  }

  const describedBy = [ids.hint, file ? ids.chosen : "", problem ? ids.problem : ""].filter(Boolean);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer's shortcut; the file field inside is the control.
    <div
      className={`${styles.zone} ${over ? styles.over : ""}`}
      onDragOver={hover}
      onDragEnter={hover}
      onDragLeave={leave}
      onDrop={drop}
    >
      <label htmlFor={ids.input} className={fields.label}>
        Arquivo para importar
      </label>
      <p id={ids.hint} className={styles.hint}>
        {`Arraste o arquivo para cá ou escolha-o no campo, até ${LIMIT}. O tipo é reconhecido pelo conteúdo.`}
      </p>
      <input
        ref={inputRef}
        id={ids.input}
        type="file"
        className={styles.input}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy.join(" ")}
        onChange={(event) => onChoose(event.currentTarget.files?.[0])}
      />
      {file ? (
        <p id={ids.chosen} className={styles.chosen}>
          Arquivo escolhido: <strong>{file.name}</strong> ({fileSize(file.size)})
        </p>
      ) : null}
      <FieldError id={ids.problem} message={problem} alert />
    </div>
  );
}
