import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../domain/contract";
import { apiRequest } from "./client";
import { forgetOfflineCopies } from "./forget-offline-copies";
import { isUnauthorized, sessionKeys, signedOut } from "./session";

export async function signOut(): Promise<void> {
  try {
    await apiRequest<void>(apiPaths.session, { method: "DELETE" });
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
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(sessionKeys.all, signedOut);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
    },
  });
}
