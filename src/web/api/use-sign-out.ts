import { useMutation, useQueryClient } from "@tanstack/react-query";
import { corePaths } from "../../domain/contract-core";
import { apiRequest } from "./client";
import { isUnauthorized, sessionKeys, signedOut } from "./session";

/**
 * A sign-out's key, the session's own (the only session mutation with a key): the sign-in screen that
 * follows it says 'Você saiu.'.
 */
export const signOutKey = sessionKeys.all;

/** `forgetOfflineCopies`: deletes what the service worker kept for offline use (the app hands it over). */
export async function signOut(forgetOfflineCopies: () => Promise<void>): Promise<void> {
  try {
    await apiRequest<void>(corePaths.session, { method: "DELETE" });
  } catch (error) {
    // The session had already expired: the user is signed out, as asked.
    if (!isUnauthorized(error)) throw error;
  }
  await forgetOfflineCopies();
}

/**
 * Signs out, and forgets every thought this tab loaded: whoever uses the browser next sees none of them,
 * not even from this tab's cache nor from the copies kept for offline use. The sign-in screen then shows, as it does for any signed-out visit.
 */
export function useSignOut(forgetOfflineCopies: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: signOutKey,
    mutationFn: () => signOut(forgetOfflineCopies),
    onSuccess: () => {
      queryClient.setQueryData(sessionKeys.all, signedOut);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
    },
  });
}
