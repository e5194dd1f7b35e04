import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";

/**
 * The whole app, as the browser draws it and as the server renders the wall's first page: the same tree
 * on both sides (`router`: the browser's router, or the server's static one over the same routes), so the
 * browser hydrates the server's HTML instead of drawing it again.
 */
export function App({ client, router }: { client: QueryClient; router: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>{router}</QueryClientProvider>
    </StrictMode>
  );
}
