import { wallCard } from "./focus-after-removal";

// Apart from focus-after-removal.ts: only the lines loaded on demand (UndoLine, SavedLine) wait for a card,
// and a module the wall's first visit shares would carry this into the first-visit bundle with it.

/**
 * Calls `then` with a thought's card once it is drawn on the wall (at once if it already is), for a card
 * on its way back ('Desfazer'). Returns a function that stops waiting; after `within` milliseconds the
 * wait ends by itself, and `onGiveUp` is called.
 */
export function whenCardShown(
  id: number,
  then: (card: HTMLElement) => void,
  { within = 10_000, onGiveUp }: { within?: number; onGiveUp?: () => void } = {},
): () => void {
  let waiting = true;
  const observer = new MutationObserver(check);
  const timer = setTimeout(() => {
    stop();
    onGiveUp?.();
  }, within);
  function check() {
    const card = wallCard(id);
    if (!card) return;
    stop();
    then(card);
  }
  function stop() {
    waiting = false;
    clearTimeout(timer);
    observer.disconnect();
  }
  check();
  if (waiting)
    observer.observe(document.querySelector("main") ?? document.body, { childList: true, subtree: true });
  return stop;
}
