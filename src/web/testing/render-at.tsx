import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { createQueryClient } from "../api/query-client";
import { AppStateProvider, createAppState } from "../routing/app-state";

/** The app's own query client (retries off, so a failure shows at once), a fresh cache per test. */
export function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

/**
 * The addresses a test's router went through, as a stack of entries (path and query): a push adds one, a
 * replace rewrites the current one, Back and Forward move along them. `navigate` moves the router as a
 * link would.
 */
function recordHistory(router: MemoryRouter, path: string) {
  const history = [path];
  let index = 0;
  let key = router.state.location.key;
  router.subscribe(({ location, historyAction }) => {
    if (location.key === key) return;
    key = location.key;
    const address = `${location.pathname}${location.search}`;
    if (historyAction === "PUSH") {
      history.splice(index + 1, history.length, address);
      index += 1;
    } else if (historyAction === "REPLACE") {
      history[index] = address;
    } else {
      const back = history.lastIndexOf(address, index);
      index = back >= 0 ? back : history.indexOf(address, index);
    }
  });
  return {
    history,
    navigate: (to: string, options?: { replace?: boolean }) => void router.navigate(to, options),
  };
}

/**
 * Component-test support: renders `routes` in a router of its own, opened at `path`, with a fresh query
 * client or `client`, when a test puts something in the cache first. The app's state (`appState`) is given
 * here too, for screens drawn without the layout, and for a test to set what a user's action would.
 */
export function renderAt(path: string, routes: RouteObject[], client = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const location = recordHistory(router, path);
  const appState = createAppState();
  const view = render(
    <QueryClientProvider client={client}>
      <AppStateProvider state={appState}>
        <RouterProvider router={router} />
      </AppStateProvider>
    </QueryClientProvider>,
  );
  return Object.assign(view, { location, router, appState });
}
