import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { AppRouter } from "./router";

/**
 * The whole app, as the browser draws it and as the server renders the wall's first page: the same tree
 * on both sides, so the browser hydrates the server's HTML instead of drawing it again.
 */
export function App({ client, ssrPath }: { client: QueryClient; ssrPath?: string }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <AppRouter ssrPath={ssrPath} />
      </QueryClientProvider>
    </StrictMode>
  );
}
