import type { UseFormSetError } from "react-hook-form";
import type { ThoughtForm } from "../../domain/thought";
import { ApiRequestError, errorMessage } from "../api/client";

const formFields = ["conteudo", "autoria", "modelo"] as const;

/**
 * Puts the server's per-field messages under their fields; returns the message to show for the whole form
 * when the failure is not about a field (network, 5xx, a thought deleted meanwhile), else undefined.
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
  return known.length > 0 ? undefined : errorMessage(error);
}
