import type { Session } from "../../domain/contract";

/**
 * The fake API's password and this browser's session. No password by default, as after a fresh install:
 * then everything is open and nothing asks for a sign-in.
 */
export class SessionStore {
  #password: string | undefined;
  #signedIn = false;
  #retryAfter: number | undefined;

  /** Sets the password (signing this browser out, as the real command does), or drops it with undefined. */
  setPassword(password: string | undefined): void {
    this.#password = password;
    this.#signedIn = false;
  }

  /** This browser signs in, as if it had typed the password on an earlier visit. */
  signIn(): void {
    this.#signedIn = true;
  }

  /** The next sign-in attempts are refused with a 429 telling to wait this many seconds. */
  limitTries(retryAfter: number): void {
    this.#retryAfter = retryAfter;
  }

  get retryAfter(): number | undefined {
    return this.#retryAfter;
  }

  get passwordSet(): boolean {
    return this.#password !== undefined;
  }

  /** A request needs a session only when a password is set. */
  get open(): boolean {
    return !this.passwordSet || this.#signedIn;
  }

  state(): Session {
    return { autenticado: this.passwordSet && this.#signedIn, senhaDefinida: this.passwordSet };
  }

  /** Signs in if the password matches; tells whether it did. */
  tryPassword(password: string): boolean {
    if (password !== this.#password) return false;
    this.#signedIn = true;
    return true;
  }

  /** Signed out, or the session expired: the same to the server. */
  signOut(): void {
    this.#signedIn = false;
  }

  clear(): void {
    this.#password = undefined;
    this.#signedIn = false;
    this.#retryAfter = undefined;
  }
}
