import { useQuery } from "@tanstack/react-query";
import type { Session } from "../../domain/contract";
import { corePaths } from "../../domain/contract-core";
import { apiRequest } from "./client";
import { sessionKeys } from "./session";

export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  return (await apiRequest<Session>(corePaths.session, { signal })).data;
}

/**
 * Whether a password is set and this browser signed in. Asked once per page load: afterwards only our own
 * sign-in and sign-out change it, and any 401 marks it signed out (see query-client.ts).
 */
export function useSession() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
