import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../paths";

/**
 * Back to the wall the user came from (keeping its history entry, so Back does not reopen the form or the
 * dialog); a page opened directly by URL has no such entry and is replaced by the wall instead.
 */
export function useLeaveToWall(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key !== "default") void navigate(-1);
    else void navigate(paths.wall, { replace: true });
  }, [key, navigate]);
}
