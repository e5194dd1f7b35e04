import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../paths";

/**
 * Back to the wall under the dialog, through history when the dialog was opened from it (so Back does not
 * reopen it); a dialog opened directly by URL is replaced by the wall. The editor has the same hook.
 */
export function useLeaveToWall(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key !== "default") void navigate(-1);
    else void navigate(paths.wall, { replace: true });
  }, [key, navigate]);
}
