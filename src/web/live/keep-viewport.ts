import { CARD_ID_ATTRIBUTE } from "../routing/focus-after-removal";

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
 * is looking at where it was. Browsers with scroll anchoring do it already (nothing to correct then); one
 * without (Safari) would let the page jump by the card's height. At the very top of the page nothing is held:
 * a new thought then shows up there, in view.
 */
export function keepViewport(change: () => void): void {
  const before = window.scrollY > 0 ? topCard() : undefined;
  change();
  if (!before) return;
  // The cache tells its subscribers in a task of its own, and React draws in the next: then look again.
  setTimeout(() =>
    requestAnimationFrame(() => {
      const marker = document.querySelector(`[${CARD_ID_ATTRIBUTE}="${before.id}"]`);
      const top = marker?.closest("article")?.getBoundingClientRect().top;
      if (top !== undefined && Math.abs(top - before.top) >= 1) window.scrollBy(0, top - before.top);
    }),
  );
}
