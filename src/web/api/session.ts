import type { Session } from "../../domain/contract";
import { ApiRequestError } from "./client";

/** The session's key and what the app reads from it. Each request lives with its hook in this folder. */

/** Query keys of the session come only from here; there is one session per browser. */
export const sessionKeys = {
  all: ["session"] as const,
};

/** What any 401 tells about this browser: a password is set and it has no (more) session. */
export const signedOut: Session = { autenticado: false, senhaDefinida: true };

/** Only a password set and no session asks for the sign-in; without a password nothing changes. */
export const needsSignIn = (session: Session | undefined) =>
  session?.senhaDefinida === true && !session.autenticado;

export const isUnauthorized = (error: unknown) =>
  error instanceof ApiRequestError && error.code === "unauthorized";
