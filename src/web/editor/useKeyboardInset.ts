import { type RefObject, useEffect } from "react";

/** The CSS property the element receives: how much of the layout viewport's foot the user cannot see. */
export const KEYBOARD_INSET = "--keyboard-inset";

/**
 * Keeps on `element` how far the visible part of the page (the visual viewport) ends above the foot of the
 * layout viewport, where `position: sticky; bottom: 0` puts a bar: the height an on-screen keyboard covers
 * there. Chromium and Firefox on Android shrink the layout viewport itself under the keyboard, as the page's
 * viewport meta asks (`interactive-widget=resizes-content`), and this stays 0; Safari on iOS ignores that
 * and only shrinks the visual viewport, so the bar is lifted by this much to stay above the keyboard.
 */
export function useKeyboardInset(element: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    const target = element.current;
    if (!viewport || !target) return;
    const update = () => {
      const covered = Math.max(0, Math.round(window.innerHeight - viewport.height - viewport.offsetTop));
      target.style.setProperty(KEYBOARD_INSET, `${covered}px`);
    };
    update();
    // The visual viewport moves (scroll) as well as shrinks (resize) while the keyboard is up.
    viewport.addEventListener("resize", update);
    viewport.addEventListener("scroll", update);
    return () => {
      viewport.removeEventListener("resize", update);
      viewport.removeEventListener("scroll", update);
    };
  }, [element]);
}
