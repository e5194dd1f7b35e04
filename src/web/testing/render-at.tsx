import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Routes } from "react-router";
import { createQueryClient } from "../api/query-client";
import { AppRoutes } from "../router";

/** The app's own query client (retries off, so a failure shows at once), a fresh cache per test. */
function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

/** Component-test support: renders `routes` at `path`. */
export function renderAt(path: string, routes: ReactNode) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{routes}</Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The whole app (header, footer and every route) opened at `path`, as after typing it in the address bar. */
export function renderApp(path: string) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
