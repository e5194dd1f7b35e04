import { Navigate, useSearchParams } from "react-router";
import { needsSignIn } from "../api/session";
import { useSession } from "../api/use-session";
import { usePageTitle } from "../ui/usePageTitle";
import { RETURN_PARAM } from "./return-to";
import { SignInForm } from "./SignInForm";
import { safeReturnPath } from "./safe-return";

/**
 * /entrar: the password, when one is set. Once this browser has a session (just signed in, or already),
 * or when no password is set at all, it leads on to the page that was asked for.
 */
export function SignInPage() {
  usePageTitle("Entrar");
  const { data } = useSession();
  const [params] = useSearchParams();
  if (data && !needsSignIn(data)) return <Navigate to={safeReturnPath(params.get(RETURN_PARAM))} replace />;
  return <SignInForm />;
}
