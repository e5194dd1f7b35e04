import type { Thought } from "../../domain/contract";
import { sharedValue } from "./shared-value";

/** A thought the editor has just saved, for the line that confirms it ('Pensamento salvo.'). */
export interface SavedThought {
  kind: "created" | "edited";
  thought: Thought;
}

/**
 * Set by the form as it leaves, read by the app, which draws the line on whatever screen the save returns
 * to (the wall in any of its views, or the screen the form was opened from); cleared when the line goes.
 */
export const savedThought = sharedValue<SavedThought>();
