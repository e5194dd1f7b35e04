import type { ImportError } from "../../domain/contract-schemas";
import { type ThoughtInput, thoughtInputSchema, withoutId } from "../../domain/thought";
import type { ImportCandidate } from "./items";

export interface ValidatedItems {
  valid: ThoughtInput[];
  invalid: ImportError[];
}

/**
 * Checks every candidate against the rules a thought created through the API meets (texts trimmed, the
 * author's length, the model, the favorite), so an import can bring in nothing the form would refuse.
 * An invalid item is named with the first rule it breaks, in the words the form uses.
 */
export function validateItems(candidates: readonly ImportCandidate[]): ValidatedItems {
  const valid: ThoughtInput[] = [];
  const invalid: ImportError[] = [];
  for (const { at, fields } of candidates) {
    const parsed = thoughtInputSchema.safeParse(fields);
    if (parsed.success) {
      valid.push(withoutId(parsed.data));
    } else {
      invalid.push({ at, message: parsed.error.issues[0]?.message ?? "Pensamento inválido." });
    }
  }
  return { valid, invalid };
}
