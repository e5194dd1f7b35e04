import { type ChangeEvent, type Ref, startTransition, useEffect, useId, useRef } from "react";
import { SEARCH_MIN } from "../../domain/rules";
import { SearchIcon } from "../ui/icons";
import { useFollowedText } from "./followed-text";
import styles from "./SearchBox.module.css";

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Hands over the text to search for: on every key release, as the spec says, and after any other change. */
  onSearch: (value: string) => void;
  /** For the `/` shortcut, which focuses the box. */
  inputRef?: Ref<HTMLInputElement>;
}

const LABEL = "O que você procura";

/**
 * How long a change of the text that comes without a key release (predictive text on a phone, dictation,
 * autofill, a replaced selection) waits for the next one before it searches: long enough not to ask once
 * per word of a dictated phrase, short enough to feel like the keys' search.
 */
export const SEARCH_SETTLE_MS = 250;

/** Changes that are whole at once (a paste, a drop, the clear button, autofill) search without waiting. */
function isWhole(event: ChangeEvent<HTMLInputElement>): boolean {
  const native = event.nativeEvent as Partial<InputEvent>;
  const type = native.inputType;
  return type === undefined || type === "" || type === "insertFromPaste" || type === "insertFromDrop";
}

export function SearchBox({ value, onChange, onSearch, inputRef }: SearchBoxProps) {
  const hintId = useId();
  // The box draws its own text at once, and hands each change to the wall in a transition: a key then
  // redraws the box alone before the next paint, and the wall (its title, its buttons, the day's card)
  // follows a moment later without holding the key's paint (about 20 ms of each key on a slow phone). The
  // box follows the wall's text as useFollowedText says.
  const { text, setText, sent } = useFollowedText(value);
  const change = (next: string) => {
    setText(next);
    sent(next);
    startTransition(() => onChange(next));
  };
  const length = text.trim().length;
  const tooShort = length > 0 && length < SEARCH_MIN;
  const settling = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopSettling = () => clearTimeout(settling.current);
  // A change still settling when the wall goes away searches nothing.
  useEffect(() => () => clearTimeout(settling.current), []);

  const searchNow = (text: string) => {
    stopSettling();
    onSearch(text);
  };

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
        value={text}
        onChange={(event) => {
          const typed = event.target.value;
          change(typed);
          if (isWhole(event)) return searchNow(typed);
          // A key's release searches it at once; this waits for changes that bring none. The box may have
          // been given another text meanwhile (Back, 'Meu Mural'): only the text still in it is searched.
          const input = event.currentTarget;
          stopSettling();
          settling.current = setTimeout(() => {
            if (input.value === typed) onSearch(typed);
          }, SEARCH_SETTLE_MS);
        }}
        onKeyDown={(event) => {
          // Esc empties the box (the browser's own clearing is not reliable across engines); an empty box
          // lets it go on, to whatever else answers Esc.
          if (event.key !== "Escape" || text === "") return;
          event.preventDefault();
          change("");
          searchNow("");
        }}
        onKeyUp={(event) => searchNow(event.currentTarget.value)}
      />
      <p id={hintId} className={styles.hint} aria-live="polite">
        {tooShort ? `Digite ao menos ${SEARCH_MIN} letras para buscar.` : ""}
      </p>
    </div>
  );
}
