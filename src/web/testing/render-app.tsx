import { loadForms, loadRemoval } from "../chunks";
import { routes } from "../router";
import { renderAt } from "./render-at";

/**
 * Test support: the whole app (header, footer and every route) opened at `path`, as after typing it in the
 * address bar.
 */
export function renderApp(path: string) {
  return renderAt(path, routes);
}

/**
 * Test support: fetches the code of the screens loaded on demand, as the app does once the wall is idle.
 * For a file's `beforeAll`: the first import of the forms' code (the editor, the forms library, zod) takes
 * seconds in a test run, longer than a test waits for a screen, and only a test of the loading state itself
 * should depend on how long that takes.
 */
export function loadScreens(): Promise<unknown> {
  return Promise.all([loadForms(), loadRemoval()]);
}
