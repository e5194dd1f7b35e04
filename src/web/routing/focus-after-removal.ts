import { focusElement, focusIsLost, screenHeading } from "./focus";

/**
 * Each wall card's favorite button carries its thought's id in this attribute (see CardControls): it is how
 * the helpers below find a card, without the shared card component knowing about the wall.
 */
export const CARD_ID_ATTRIBUTE = "data-card-id";

/** The wall's cards in the order shown (the thought of the day and dialog previews are not among them). */
function wallCards(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[${CARD_ID_ATTRIBUTE}]`)].flatMap(
    (marker) => marker.closest<HTMLElement>("article") ?? [],
  );
}

/** The card of a thought on the wall, if it is shown. */
export function wallCard(id: number): HTMLElement | undefined {
  return (
    document.querySelector(`[${CARD_ID_ATTRIBUTE}="${id}"]`)?.closest<HTMLElement>("article") ?? undefined
  );
}

/** Puts the focus back on a card's favorite button (after its message closes, say). */
export function focusFavoriteButton(id: number): void {
  document.querySelector<HTMLElement>(`[${CARD_ID_ATTRIBUTE}="${id}"]`)?.focus();
}

/**
 * Call it just before a thought's card leaves the wall (un-favorited in 'Meus favoritos', deleted): once
 * the card is gone, the focus it held, which the browser drops to the page body, goes to the next card,
 * or the previous one if it was the last, or the screen's heading if no card is left. A dialog over the
 * wall (the delete confirmation) keeps the focus until it closes; the move waits for that. The focus is
 * left alone if the user has put it somewhere else meanwhile. Returns a function that stops waiting (say,
 * the removal failed and the card stays); the wait also ends by itself after `within` milliseconds.
 */
export function focusAfterRemoval(id: number, { within = 10_000 } = {}): () => void {
  const card = wallCard(id);
  if (!card) return () => {};
  const cards = wallCards();
  const at = cards.indexOf(card);
  // The next cards first, then the earlier ones nearest first: whichever is still there when it is gone.
  const candidates = [...cards.slice(at + 1), ...cards.slice(0, at).reverse()];
  const observer = new MutationObserver(() => {
    if (card.isConnected || focusInDialog()) return;
    stop();
    if (!focusIsLost()) return;
    const target = candidates.find((candidate) => candidate.isConnected) ?? screenHeading();
    if (target) focusElement(target);
  });
  const timer = setTimeout(stop, within);
  function stop() {
    clearTimeout(timer);
    observer.disconnect();
  }
  observer.observe(document.querySelector("main") ?? document.body, { childList: true, subtree: true });
  return stop;
}

/** The focus is in an open dialog (which gives it back, or drops it, when it closes). */
function focusInDialog(): boolean {
  return document.activeElement?.closest("dialog[open]") != null;
}
