import { type KeyboardEvent, type RefObject, useId, useLayoutEffect, useRef, useState } from "react";
import { type Control, useController } from "react-hook-form";
import { labelKey, normalizeLabel } from "../../domain/labels";
import { messages } from "../../domain/messages";
import { LABELS_MAX } from "../../domain/rules";
import type { ThoughtForm } from "../../domain/thought";
import { labelRules } from "../../domain/thought-fields";
import { useLabelSuggestions } from "../api/labels";
import { FieldError } from "../ui/FieldError";
import fields from "../ui/fields.module.css";
import { SAVE_BAR } from "./EditorActions";
import styles from "./LabelsInput.module.css";

/** How many labels in use are suggested at once. */
const SUGGESTIONS_SHOWN = 8;
/** Room kept between the list and the form's bar, or the top of the screen. */
const GAP_PX = 4;

/**
 * Places the open list where it is seen whole without covering the form's bar (Salvar): below the field when
 * there is room above the bar, else above the field when there is room there, else on the larger side,
 * shortened to fit (it scrolls). Again as the screen moves under it (an on-screen keyboard opening, a scroll).
 */
function useListInView(list: RefObject<HTMLDivElement | null>, shown: boolean, count: number) {
  useLayoutEffect(() => {
    const box = list.current;
    const combo = box?.parentElement;
    if (!shown || !box || !combo || count === 0) return;
    const place = () => {
      box.style.maxHeight = "";
      const wanted = box.scrollHeight + 2;
      const field = combo.getBoundingClientRect();
      const view = window.visualViewport;
      const viewTop = view ? view.offsetTop : 0;
      const viewBottom = view ? view.offsetTop + view.height : window.innerHeight;
      const bar = combo.closest("form")?.querySelector(`[${SAVE_BAR}]`)?.getBoundingClientRect();
      const floor = Math.min(bar && bar.top > field.bottom ? bar.top : viewBottom, viewBottom);
      const below = floor - field.bottom - GAP_PX;
      const above = field.top - viewTop - GAP_PX;
      const up = wanted > below && (above >= wanted || above > below);
      box.classList.toggle(styles.up as string, up);
      const room = up ? above : below;
      if (wanted > room) box.style.maxHeight = `${Math.max(room, 0)}px`;
    };
    place();
    const view = window.visualViewport;
    view?.addEventListener("resize", place);
    view?.addEventListener("scroll", place);
    window.addEventListener("scroll", place, { passive: true });
    return () => {
      view?.removeEventListener("resize", place);
      view?.removeEventListener("scroll", place);
      window.removeEventListener("scroll", place);
    };
  }, [list, shown, count]);
}

/**
 * The thought's labels: chips, each with a button that removes it, and a combobox that adds one on Enter or
 * a comma, suggesting the labels in use that start with what is typed, asked of the server as it is typed
 * (arrows move among them, Enter takes one, Escape closes the list). A label is checked by the same rules as
 * the API's before it is added.
 */
export function LabelsInput({ control }: { control: Control<ThoughtForm> }) {
  const { field } = useController({ control, name: "etiquetas" });
  const chosen = field.value;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string>();
  const ids = { input: useId(), list: useId(), error: useId(), hint: useId() };

  const typed = normalizeLabel(text).trimStart().toLowerCase();
  const taken = new Set(chosen.map(labelKey));
  // Asked for as many more as the thought already has, which are not suggested again.
  const inUse = useLabelSuggestions(text, { enabled: open, limit: SUGGESTIONS_SHOWN + chosen.length });
  // The previous answer stays while the next is on its way: only what still starts with the text shows.
  const suggestions = inUse
    .filter((name) => !taken.has(labelKey(name)) && name.toLowerCase().startsWith(typed))
    .slice(0, SUGGESTIONS_SHOWN);
  const listShown = open && suggestions.length > 0;
  const list = useRef<HTMLDivElement>(null);
  useListInView(list, listShown, suggestions.length);

  function add(raw: string) {
    const checked = labelRules.safeParse(raw);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    const label = checked.data;
    if (taken.has(labelKey(label))) setError(messages.labelRepeated);
    else if (chosen.length >= LABELS_MAX) setError(messages.labelsTooMany);
    else {
      field.onChange([...chosen, label]);
      setText("");
      setError(undefined);
      setActive(-1);
    }
  }

  function remove(label: string) {
    field.onChange(chosen.filter((other) => other !== label));
    setError(undefined);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((at) =>
        suggestions.length === 0 ? -1 : (at + step + suggestions.length) % suggestions.length,
      );
    } else if (event.key === "Enter") {
      // Enter adds a label; it never sends the form from this field.
      event.preventDefault();
      const suggestion = listShown ? suggestions[active] : undefined;
      if (suggestion) add(suggestion);
      else if (text.trim()) add(text);
    } else if (event.key === ",") {
      event.preventDefault();
      if (text.trim()) add(text);
    } else if (event.key === "Escape" && listShown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const optionId = (index: number) => `${ids.list}-${index}`;
  return (
    <div className={fields.field}>
      <label htmlFor={ids.input} className={fields.label}>
        Etiquetas
      </label>
      {chosen.length > 0 ? (
        <ul className={styles.chips} aria-label="Etiquetas do pensamento">
          {chosen.map((label) => (
            <li key={label} className={styles.chip}>
              {label}
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remover etiqueta ${label}`}
                onClick={() => remove(label)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.combo}>
        <input
          id={ids.input}
          className={fields.input}
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder="Digite uma etiqueta e tecle Enter"
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={ids.list}
          aria-activedescendant={listShown && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            setError(undefined);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            field.onBlur();
          }}
        />
        <div
          ref={list}
          id={ids.list}
          role="listbox"
          aria-label="Etiquetas em uso"
          className={styles.list}
          hidden={!listShown}
        >
          {suggestions.map((name, index) => (
            <div
              key={name}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={styles.option}
              // Before the input's blur, which would close the list under the pointer.
              onMouseDown={(event) => {
                event.preventDefault();
                add(name);
              }}
            >
              {name}
            </div>
          ))}
        </div>
      </div>
      <p id={ids.hint} className={styles.hint}>
        Enter ou vírgula adiciona; até {LABELS_MAX} etiquetas.
      </p>
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
