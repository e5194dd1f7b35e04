import { useEffect, useLayoutEffect, useRef } from "react";

/** The keys the app answers to, as KeyboardEvent.key reports them. */
export type ShortcutKey =
  | "/"
  | "n"
  | "s"
  | "v"
  | "z"
  | "?"
  | "Escape"
  // The review: open it (r), and its feedback on a card.
  | "r"
  | "f"
  | "e"
  | "d"
  | "1"
  | "2"
  | "3"
  | "4"
  | " "
  | "Enter"
  | "ArrowRight";

/** A handler returns false when it had nothing to do, so the key keeps its usual meaning. */
export type ShortcutHandlers = Partial<Record<ShortcutKey, () => unknown>>;

/** A key pressed while typing belongs to the field, not to a shortcut. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** Enter and Space on a button, a link or a summary press it: they are not shortcuts there. */
function pressing(key: string, target: EventTarget | null): boolean {
  return (
    (key === "Enter" || key === " ") &&
    target instanceof Element &&
    target.closest("button, a[href], summary, [role='button'], [role='link']") !== null
  );
}

const keys: ReadonlySet<string> = new Set<ShortcutKey>([
  "/",
  "n",
  "s",
  "v",
  "z",
  "?",
  "Escape",
  "r",
  "f",
  "e",
  "d",
  "1",
  "2",
  "3",
  "4",
  " ",
  "Enter",
  "ArrowRight",
]);

function isShortcut(key: string): key is ShortcutKey {
  return keys.has(key);
}

/**
 * The app's single-key shortcuts (listed in the 'Atalhos do teclado' dialog). Never while typing in a
 * field, never with Ctrl, Meta or Alt (those belong to the browser and the system; AltGr reports Ctrl and
 * Alt), never under an open dialog or menu (they have their own keys, and Esc closes them). Shift is allowed:
 * it types `?`.
 * Each screen registers the keys it answers to; the latest handlers are used without re-subscribing.
 */
export function useShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key;
      const handler = isShortcut(key) ? latest.current[key] : undefined;
      if (!handler || typing(event.target) || pressing(key, event.target)) return;
      if (document.querySelector("dialog[open], :popover-open")) return;
      // preventDefault: `/` must not also be typed into the search box it just focused.
      if (handler() !== false) event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
