import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { needsSignIn } from "../api/session";
import { useSession } from "../api/use-session";
import { signInPath } from "./return-to";

/**
 * The routes behind the password. They draw without waiting for the session, so the wall asks for its
 * thoughts alongside it instead of one round trip later; the server gives nothing of a thought without a
 * session anyway. Once the session, or any 401, says this browser is signed out, the sign-in screen takes
 * the address's place (replacing it, so Back does not bounce), remembering where the user was.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data } = useSession();
  const { pathname, search, hash } = useLocation();
  if (!needsSignIn(data)) return children;
  return <Navigate to={signInPath(`${pathname}${search}${hash}`)} replace />;
}
