/**
 * Keeps the window where it is while a card comes back among the cards on screen ('Desfazer'), until the
 * returned function is called. The browser's scroll anchoring would otherwise move the window by the
 * card's height when the card comes back above the element the browser anchors to (the card after it,
 * when the one put back was at the top of a phone's screen), pushing it out of sight. Anchoring comes
 * back two frames after the release: the first of them lays the card out.
 */
export function holdScroll(): () => void {
  const scroller = document.scrollingElement;
  if (!(scroller instanceof HTMLElement)) return () => {};
  const before = scroller.style.overflowAnchor;
  scroller.style.overflowAnchor = "none";
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        scroller.style.overflowAnchor = before;
      }),
    );
  };
}
