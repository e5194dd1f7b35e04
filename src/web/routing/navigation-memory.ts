/**
 * How the app arrived at the address it shows (pushed, replaced, or Back/Forward), and where each history
 * entry was scrolled, so that Back and Forward put the page where the user left it. Entries are told apart
 * by the depth the app's navigate records in their state (see app-location.ts): history is a stack, so
 * at any moment one depth names one entry.
 *
 * Event order is not to be trusted here: Chromium updates the address, lets React draw the screen it
 * goes back to, and only then fires popstate. So the kind of a navigation comes from the app's own
 * navigate (a push or a replace; anything else is Back or Forward), and the positions from scroll events,
 * filed under the entry on screen when they happen.
 */

export type NavigationKind = "push" | "replace" | "pop";

export interface Arrival {
  kind: NavigationKind;
  /** Where the entry arrived at was scrolled when the user left it (Back and Forward only). */
  scrollY: number | undefined;
}

const positions = new Map<number, number>();
let watching = false;
let pending: NavigationKind | undefined;
/** The entry whose screen is drawn; undefined until the first one is. */
let shownDepth: number | undefined;

function currentDepth(): number {
  const depth = (history.state as { depth?: unknown } | null)?.depth;
  return typeof depth === "number" ? depth : 0;
}

/**
 * Starts remembering scroll positions, in the browser's real history only (the tests' memory router never
 * calls it). The app restores them itself: the browser would do it as soon as Back is pressed, before the
 * screen it goes back to is drawn, and land short of the place on a long wall.
 */
export function watchNavigations(): void {
  if (watching || typeof window === "undefined") return;
  watching = true;
  history.scrollRestoration = "manual";
  addEventListener(
    "scroll",
    () => {
      if (shownDepth !== undefined) positions.set(shownDepth, window.scrollY);
    },
    { passive: true },
  );
}

/** Called by the app's navigate before it pushes or replaces an entry. */
export function noteNavigation(replace: boolean): void {
  pending = replace ? "replace" : "push";
}

/**
 * Called once the screen of a new address is drawn (in a layout effect: before the browser paints and
 * reports the scroll that the change of page height caused). Undefined for the first screen, and
 * outside the browser's history.
 */
export function arrive(): Arrival | undefined {
  if (!watching) return undefined;
  const depth = currentDepth();
  const first = shownDepth === undefined;
  const kind = pending ?? "pop";
  pending = undefined;
  // A pushed entry is new, whatever an entry once at its depth (since dropped by the push) remembered.
  if (kind === "push") positions.delete(depth);
  shownDepth = depth;
  return first ? undefined : { kind, scrollY: kind === "pop" ? positions.get(depth) : undefined };
}
