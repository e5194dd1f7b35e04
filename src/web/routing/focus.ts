/** Elements the browser focuses without help; anything else needs tabindex="-1" to take the focus. */
const natively = "a[href], button, input, select, textarea, summary, [tabindex]";

/**
 * Moves the focus to an element that is not in the Tab order (a heading, a card), making it focusable by
 * script only: tabindex="-1" keeps it out of the Tab sequence.
 */
export function focusElement(element: HTMLElement, options?: FocusOptions): void {
  if (!element.matches(natively)) element.setAttribute("tabindex", "-1");
  element.focus(options);
}

/** The focus is nowhere in particular: on the page body (where it falls when its element is removed). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * Marks the field a screen is for (a thought's text on its forms, the password): a route change puts the
 * focus there instead of on the heading, so the user types at once. The field's label names the screen's
 * task.
 */
export const SCREEN_START = "data-screen-start";

/** Where the focus starts on the current screen: its field marked SCREEN_START, else its heading. */
export function screenStart(heading: HTMLElement): HTMLElement {
  return document.querySelector<HTMLElement>(`main [${SCREEN_START}]`) ?? heading;
}

/** The current screen's heading (the first h1 of the page when a screen is drawn alone, as in tests). */
export function screenHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
}
