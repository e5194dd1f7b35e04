import type { Thought } from "../../domain/contract";
import { sharedValue } from "./shared-value";

/**
 * The thought whose 'Compartilhar' was pressed, for the share dialog drawn once for the whole app (see
 * ShareHost): cards need no prop threaded through the wall to open it.
 */
const sharing = sharedValue<Thought>();

export const openShare = (thought: Thought) => sharing.set(thought);
export const closeShare = sharing.clear;
export const useSharedThought = sharing.use;
