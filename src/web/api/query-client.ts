import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "./client";

/** A 4xx will not get better by asking again; anything else is retried once before showing an error. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}
