import type { Thought } from "../../domain/contract";
import { sharedValue } from "./shared-value";

/**
 * The thought the user just deleted, which 'Desfazer' can still put back. It outlives the delete dialog
 * (which closes as the wall comes back) and any screen: one per tab, the latest deletion replacing the one
 * before, as a second deletion's status line replaces the first's.
 */
const recent = sharedValue<Thought>();

export const announceDeletion = (thought: Thought) => recent.set(thought);
export const forgetDeletion = recent.clear;
export const useRecentDeletion = recent.use;
