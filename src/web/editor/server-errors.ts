import type { UseFormSetError } from "react-hook-form";
import type { ThoughtForm } from "../../domain/thought";
import { ApiRequestError, errorMessage } from "../api/client";
import { isStale } from "../api/versions";

const formFields = ["conteudo", "autoria", "fonte", "local", "nota", "modelo"] as const;

/** A save that never reached the server because the device is offline: the text is still in the form. */
export const OFFLINE_SAVE_MESSAGE =
  "Sem conexão: o pensamento não foi salvo. Seu texto continua aqui; tente de novo quando a conexão voltar.";

/**
 * Puts the server's per-field messages under their fields; returns the message to show for the whole form
 * when the failure is not about a field (offline, network, 5xx, a thought deleted meanwhile), else undefined
 * (also for a thought changed elsewhere, whose choice the edit page shows).
 */
export function reportServerError(
  error: unknown,
  setError: UseFormSetError<ThoughtForm>,
): string | undefined {
  const fields = error instanceof ApiRequestError ? (error.fields ?? {}) : {};
  const known = formFields.filter((name) => fields[name]);
  for (const [index, name] of known.entries()) {
    setError(name, { type: "server", message: fields[name] }, { shouldFocus: index === 0 });
  }
  // Changed on another device (412): the edit page shows the choice between the two texts instead.
  if (known.length > 0 || isStale(error)) return undefined;
  // No answer while the browser knows it is offline: say so plainly. Online, no answer means the server is
  // down or the link dropped, which the client's own message says.
  const offline = error instanceof ApiRequestError && error.code === "network" && !navigator.onLine;
  return offline ? OFFLINE_SAVE_MESSAGE : errorMessage(error);
}
