import { type RefObject, useEffect } from "react";

/** Room left between a field brought into view and the bar, so that its outline shows too. */
const GAP_PX = 12;

/**
 * Keeps the field that takes the focus out from under `bar`, the form's sticky bar at the foot of the
 * screen: a field reached with Tab, or one the keyboard's opening left under the bar, is scrolled up above
 * it. The browser's own scrolling brings a focused field into the window, not out from under what sticks
 * over it (and scroll-margin is not heeded for a field already in the window). Only a focus that shows
 * (:focus-visible, as text fields and the keyboard's focus do): a radio pressed with the pointer must not
 * move away between the press and its release.
 */
export function useFocusAboveBar(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const foot = bar.current;
    const form = foot?.closest("form");
    if (!foot || !form) return;
    const onFocusIn = (event: FocusEvent) => {
      const field = event.target;
      if (!(field instanceof HTMLElement) || foot.contains(field) || !field.matches(":focus-visible")) return;
      const hidden = field.getBoundingClientRect().bottom + GAP_PX - foot.getBoundingClientRect().top;
      if (hidden > 0) window.scrollBy({ top: hidden });
    };
    form.addEventListener("focusin", onFocusIn);
    return () => form.removeEventListener("focusin", onFocusIn);
  }, [bar]);
}
