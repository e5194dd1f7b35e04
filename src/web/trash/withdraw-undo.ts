import type { Thought } from "../../domain/contract";
import type { AppState } from "../routing/app-state";

/**
 * The thought left the trash some other way (restored there, deleted for good): the wall's 'Desfazer' has
 * nothing left to put back, and would only fail.
 */
export function withdrawDeletion({ undo }: AppState, id: Thought["id"]): void {
  const offer = undo.get();
  if (offer?.kind === "deleted" && offer.thought.id === id) undo.clear();
}

/** The trash was emptied: whatever deletion 'Desfazer' offered to undo is gone for good. */
export function withdrawEveryDeletion({ undo }: AppState): void {
  const kind = undo.get()?.kind;
  if (kind === "deleted" || kind === "bulkDeleted" || kind === "importUndone") undo.clear();
}
