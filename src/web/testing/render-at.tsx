import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "../api/query-client";
import { AppRoutes } from "../router";

/** The app's own query client (retries off, so a failure shows at once), a fresh cache per test. */
function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

/** An address that lives in memory, opened at `path`; `history` lists every entry it went through. */
function memoryAt(path: string) {
  return memoryLocation({ path, record: true });
}

/** Component-test support: renders `routes` (wouter Routes, each drawn when its path matches) at `path`. */
export function renderAt(path: string, routes: ReactNode) {
  const location = memoryAt(path);
  const view = render(
    <QueryClientProvider client={testQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {routes}
      </Router>
    </QueryClientProvider>,
  );
  return Object.assign(view, { location });
}

/** The whole app (header, footer and every route) opened at `path`, as after typing it in the address bar. */
export function renderApp(path: string) {
  const location = memoryAt(path);
  const view = render(
    <QueryClientProvider client={testQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AppRoutes />
      </Router>
    </QueryClientProvider>,
  );
  return Object.assign(view, { location });
}
