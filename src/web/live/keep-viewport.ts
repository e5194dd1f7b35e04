import { CARD_ID_ATTRIBUTE } from "../routing/focus-after-removal";
import { holdScroll } from "../routing/hold-scroll";

/** The wall's card nearest the top of the window, and where it is now. */
function topCard(): { id: string; top: number } | undefined {
  for (const marker of document.querySelectorAll<HTMLElement>(`[${CARD_ID_ATTRIBUTE}]`)) {
    const card = marker.closest("article");
    if (!card) continue;
    const { top, bottom } = card.getBoundingClientRect();
    if (bottom > 0) return { id: marker.getAttribute(CARD_ID_ATTRIBUTE) ?? "", top };
  }
  return undefined;
}

/**
 * Runs a change of the cards (one added or removed above the ones in view) and keeps the card the reader
 * is looking at where it was, in every browser (Safari has no scroll anchoring), by one correction of our
 * own: the browser's anchoring is held meanwhile, so the two never add up. At the very top of the page
 * nothing is held: a new thought then shows up there, in view.
 */
export function keepViewport(change: () => void): void {
  const before = window.scrollY > 0 ? topCard() : undefined;
  if (!before) {
    change();
    return;
  }
  const release = holdScroll();
  change();
  // The cache tells the wall in a task of its own, and React draws it right after: then look again.
  setTimeout(() => {
    const marker = document.querySelector(`[${CARD_ID_ATTRIBUTE}="${before.id}"]`);
    const top = marker?.closest("article")?.getBoundingClientRect().top;
    if (top !== undefined && Math.abs(top - before.top) >= 1) window.scrollBy(0, top - before.top);
    release();
  });
}
