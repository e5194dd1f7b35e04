import { ApiRequestError, errorMessage } from "../api/client";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** How long to wait after too many tries, in the unit a person would use. */
export function tooManyTries(seconds: number | undefined): string {
  if (seconds === undefined) return "Muitas tentativas. Aguarde um pouco e tente de novo.";
  const wait =
    seconds < 60
      ? plural(Math.max(1, seconds), "segundo", "segundos")
      : plural(Math.ceil(seconds / 60), "minuto", "minutos");
  return `Muitas tentativas. Tente de novo em ${wait}.`;
}

/** The message for a failed sign-in: the server's own ('Senha incorreta.'), or how long to wait. */
export function signInFailure(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) return tooManyTries(error.retryAfter);
  return errorMessage(error);
}
