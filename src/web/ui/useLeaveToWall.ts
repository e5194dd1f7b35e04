import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "../paths";

/**
 * Whether Back stays inside the app: React Router numbers the entries it makes (`idx` in their state), 0
 * for the one the app was opened at. Outside the browser's history (tests' memory router) it is never
 * known, so the wall replaces the screen.
 */
function canGoBackInApp(): boolean {
  const index = (globalThis.history?.state as { idx?: unknown } | null | undefined)?.idx;
  return typeof index === "number" && index > 0;
}

/**
 * Back to the wall the user came from (keeping its history entry, so Back does not reopen the form or the
 * dialog); a page opened directly by URL has no such entry and is replaced by the wall instead.
 */
export function useLeaveToWall(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (canGoBackInApp()) void navigate(-1);
    else void navigate(paths.wall, { replace: true });
  }, [navigate]);
}
