import type { Thought } from "../../domain/contract";
import { sharedValue } from "./shared-value";

/**
 * What the wall's undo line offers to put back: a thought just deleted (back from the trash) or just taken
 * out of 'Meus favoritos' (a favorite again).
 */
export interface UndoOffer {
  kind: "deleted" | "unfavorited";
  thought: Thought;
}

/**
 * The latest change 'Desfazer' can still undo. It outlives the delete dialog (which closes as the wall comes
 * back) and any screen: one per tab, the latest change replacing the one before, as a second line replaces
 * the first.
 */
const offer = sharedValue<UndoOffer>();

export const offerUndo = (kind: UndoOffer["kind"], thought: Thought) => offer.set({ kind, thought });
export const endUndo = offer.clear;
export const useUndoOffer = offer.use;

/**
 * The thought left the trash some other way (restored there, deleted for good): 'Desfazer' has nothing left
 * to put back, and would only fail.
 */
export function withdrawDeletion(id: Thought["id"]): void {
  const current = offer.get();
  if (current?.kind === "deleted" && current.thought.id === id) offer.clear();
}

/** The trash was emptied: whatever deletion 'Desfazer' offered to undo is gone for good. */
export function withdrawEveryDeletion(): void {
  if (offer.get()?.kind === "deleted") offer.clear();
}

/**
 * The card 'Desfazer' just brought back, or the thought just saved, marked a moment on the wall so the eye
 * finds it where it is.
 */
const marked = sharedValue<Thought["id"]>();

/** How long a card stays marked. */
export const MARK_MS = 2_000;

let unmark: ReturnType<typeof setTimeout> | undefined;

/** Marks a card for MARK_MS from now: a card marked again (shown again on the wall) is marked as long. */
export function markCard(id: Thought["id"]): void {
  clearTimeout(unmark);
  marked.set(id);
  unmark = setTimeout(marked.clear, MARK_MS);
}

export const useMarkedCard = marked.use;
