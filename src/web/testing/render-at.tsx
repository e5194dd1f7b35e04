import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Routes } from "react-router";
import { createQueryClient } from "../api/query-client";

/**
 * Component-test support: renders `routes` at `path` with the app's own query client (retries off, so a
 * failure shows at once) and a fresh cache per test.
 */
export function renderAt(path: string, routes: ReactNode) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{routes}</Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
