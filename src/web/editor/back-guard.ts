/**
 * The browser's Back (or Forward) out of a form with unsaved text, caught before the router sees it.
 *
 * wouter has no navigation blocker: its popstate listener draws the previous screen at once, in the
 * microtask that runs right after it, dropping the form and what was typed in it. A listener added by the
 * form itself would come after wouter's (Chromium calls a window's listeners in the order they were
 * added) and too late. So this one is added before the app first renders (main.tsx), and the form only
 * lends it a handler while it has something to lose.
 */
let handler: (() => boolean) | undefined;
let installed = false;

/** Adds the app's first popstate listener; called by main.tsx before the router subscribes its own. */
export function installBackGuard(): void {
  if (installed) return;
  installed = true;
  addEventListener("popstate", (event) => {
    // Handled: the form put its entry back, so for everyone else nothing happened.
    if (handler?.()) event.stopImmediatePropagation();
  });
}

/**
 * While set, `onBack` runs on every Back or Forward and returns whether it kept the user on the form.
 * Returns the function that lets go of it.
 */
export function guardBack(onBack: () => boolean): () => void {
  installBackGuard();
  handler = onBack;
  return () => {
    if (handler === onBack) handler = undefined;
  };
}
