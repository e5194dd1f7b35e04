import { useMutationState } from "@tanstack/react-query";
import { signOutKey } from "./use-sign-out";

/**
 * Whether this tab signed out and has not signed in since (a sign-in forgets it): the sign-in screen then
 * says so. A file of its own: the sign-out is part of the wall's first visit, this is not.
 */
export function useSignedOut(): boolean {
  return useMutationState({ filters: { mutationKey: signOutKey, status: "success" } }).length > 0;
}
