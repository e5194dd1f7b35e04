import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Copies React Router's number for the current history entry (`idx`: 0 for the entry the app was opened
 * at, one more for each entry it pushed) to `depth` at the top of the entry's state, where the end-to-end
 * specs read how deep into the app's own history the user is. The router itself needs nothing of it.
 */
export function useHistoryDepth(): void {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per entry the router arrives at.
  useEffect(() => {
    const state: unknown = history.state;
    if (typeof state !== "object" || state === null) return;
    const { idx, depth } = state as { idx?: unknown; depth?: unknown };
    if (typeof idx === "number" && idx !== depth) history.replaceState({ ...state, depth: idx }, "");
  }, [location.key]);
}
