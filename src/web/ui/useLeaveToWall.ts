import { useCallback } from "react";
import { paths } from "../paths";
import { canGoBackInApp, useNavigate } from "../routing/app-location";

/**
 * Back to the wall the user came from (keeping its history entry, so Back does not reopen the form or the
 * dialog); a page opened directly by URL has no such entry and is replaced by the wall instead.
 */
export function useLeaveToWall(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (canGoBackInApp()) history.back();
    else navigate(paths.wall, { replace: true });
  }, [navigate]);
}
