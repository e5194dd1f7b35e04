import { type ChangeEvent, type Ref, useId } from "react";
import { SEARCH_MIN } from "../../domain/rules";
import { SearchIcon } from "./icons";
import styles from "./SearchBox.module.css";

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** The spec runs the search on every key release; this hands over the text to search for. */
  onSearch: (value: string) => void;
  /** For the `/` shortcut, which focuses the box. */
  inputRef?: Ref<HTMLInputElement>;
}

const LABEL = "O que você procura";

/** Changes that come without a key release (mouse paste, drag and drop, the clear button) search at once. */
function isKeyless(event: ChangeEvent<HTMLInputElement>): boolean {
  const native = event.nativeEvent as Partial<InputEvent>;
  const type = native.inputType;
  return type === undefined || type === "" || type === "insertFromPaste" || type === "insertFromDrop";
}

export function SearchBox({ value, onChange, onSearch, inputRef }: SearchBoxProps) {
  const hintId = useId();
  const length = value.trim().length;
  const tooShort = length > 0 && length < SEARCH_MIN;
  return (
    <div className={styles.box}>
      <span className={styles.icon}>
        <SearchIcon />
      </span>
      <input
        ref={inputRef}
        type="search"
        className={styles.input}
        placeholder={LABEL}
        aria-label={LABEL}
        aria-describedby={hintId}
        aria-keyshortcuts="/"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          if (isKeyless(event)) onSearch(event.target.value);
        }}
        onKeyDown={(event) => {
          // Esc empties the box (the browser's own clearing is not reliable across engines); an empty box
          // lets it go on, to whatever else answers Esc.
          if (event.key !== "Escape" || value === "") return;
          event.preventDefault();
          onChange("");
          onSearch("");
        }}
        onKeyUp={(event) => onSearch(event.currentTarget.value)}
      />
      <p id={hintId} className={styles.hint} aria-live="polite">
        {tooShort ? `Digite ao menos ${SEARCH_MIN} letras para buscar.` : ""}
      </p>
    </div>
  );
}
