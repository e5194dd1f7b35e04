import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { createQueryClient } from "../api/query-client";
import { paths } from "../paths";
import { WallPage } from "./WallPage";

/** Test support: the wall at its route, with a fresh cache. */
export function renderWall() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[paths.wall]}>
        <Routes>
          <Route element={<WallPage />}>
            <Route path={paths.wall} element={null} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
