import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "./client";
import { isUnauthorized, sessionKeys, signedOut } from "./session";

/**
 * A 4xx will not get better by asking again; anything else is retried once before showing an error.
 * A 401 from any call means the session is gone (expired, or signed out in another tab): the session
 * query learns it at once, and the routes then ask for the password (see session/RequireSession.tsx).
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) client.setQueryData(sessionKeys.all, signedOut);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return client;
}
