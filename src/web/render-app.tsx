import { routes } from "./router";
import { renderAt } from "./testing/render-at";

/**
 * Test support: the whole app (header, footer and every route) opened at `path`, as after typing it in the
 * address bar. Beside the router, not in testing/: shared test support never reaches up into the app.
 */
export function renderApp(path: string) {
  return renderAt(path, routes);
}
