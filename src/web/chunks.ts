import { retryOnce } from "./routing/lazy-screen";

/**
 * The code loaded on demand, each import tried twice before a screen gives up (see retryOnce). Declared
 * here rather than in router.tsx so that a screen of the wall can load from them too without importing
 * the router that imports it.
 *
 * The forms, the dialogs, the sign-in and the import page: one chunk, so that a first visit to the wall
 * never downloads react-hook-form, zod or the editor (initial JS at most 125 KB gzip, checked by
 * `npm run bench -- web`). Why they share one chunk: see forms.ts. Loaded so when something waits for it
 * (a screen, a dialog, a choice): one import, all of its files fetched at once.
 */
export const loadForms = retryOnce(() => import("./forms"));
/**
 * The same chunk ahead of need (the wall has settled, a link is pointed at): its schemas first, a module a
 * task (evaluate-forms.ts), so that no task of its evaluation is long. Each module's files are asked for in
 * turn, a round trip each, which nothing is waiting on here; whatever asks for loadForms meanwhile gets the
 * rest at once.
 */
export const loadFormsAhead = retryOnce(() =>
  import("./evaluate-forms").then((forms) => forms.evaluateFormsInSteps()),
);
export const loadRemoval = retryOnce(() => import("./removal/RemovalDialog"));

/** Started once: further hovers and idle moments have nothing left to ask for, unless it failed. */
let started = false;

/**
 * Starts downloading the lazy screens' code before it is needed (a link to one is hovered or focused, or
 * the wall has settled), so that opening them shows no loading state. A failure here is ignored (the next
 * hover tries again): the screen tries again when it is opened, and says so if it cannot load.
 */
export function prefetch(): void {
  if (started) return;
  started = true;
  Promise.all([loadFormsAhead(), loadRemoval()]).catch(() => {
    started = false;
  });
}
