import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiRequestError, isOfflineError } from "./client";
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
        // Offline, a read still goes out once: the service worker may answer it from its copies (the
        // thought of an edit form opened before). Without an answer it fails at once rather than waiting,
        // paused, for a connection: a screen with nothing kept says it needs one (and offers to try again)
        // instead of loading for ever, and one with kept data (the wall's cards) keeps showing it. Once the
        // connection is back, the screens on view ask again by themselves (refetchOnReconnect).
        networkMode: "offlineFirst",
        retry: (count, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
          !isOfflineError(error) &&
          count < 1,
      },
      // A write is tried at once even offline, so it fails there and the form says it was not saved:
      // never held back to be sent later behind the user's back.
      mutations: { retry: false, networkMode: "always" },
    },
  });
  return client;
}
