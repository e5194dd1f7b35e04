import { needsSignIn } from "../api/session";
import { useSession } from "../api/use-session";
import { useSignOut } from "../api/use-sign-out";
import { forgetOfflineCopies } from "../offline/forget-offline-copies";
import { ErrorNotice } from "../ui/ErrorNotice";
import styles from "./Header.module.css";

/** 'Sair', only while signed in with a password set: without a password there is nothing to leave. */
export function SignOutButton() {
  const { data } = useSession();
  const signOut = useSignOut(forgetOfflineCopies);
  if (!data?.senhaDefinida || needsSignIn(data)) return null;
  const leave = () => signOut.mutate();
  return (
    <>
      <button type="button" className={styles.signOut} onClick={leave}>
        Sair
      </button>
      {signOut.isError ? (
        <ErrorNotice message="Não foi possível sair. Tente de novo." onRetry={leave} />
      ) : null}
    </>
  );
}
