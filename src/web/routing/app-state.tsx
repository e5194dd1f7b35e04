import { createContext, type ReactNode, useContext, useState } from "react";
import type { Thought } from "../../domain/contract";
import { type ValueStore, valueStore } from "./value-store";

/**
 * What the wall's undo line offers to put back: a thought just deleted (back from the trash) or just taken
 * out of 'Meus favoritos' (a favorite again); many thoughts just moved to the trash by the selection (back
 * in one request); an import just undone (its thoughts back from the trash, in one request).
 */
export type UndoOffer =
  | { kind: "deleted" | "unfavorited"; thought: Thought }
  | { kind: "bulkDeleted"; ids: number[] }
  | { kind: "importUndone"; importId: number; deletedAt: string; count: number };

/** A thought the editor has just saved, for the line that confirms it ('Pensamento salvo.'). */
export interface SavedThought {
  kind: "created" | "edited";
  thought: Thought;
  /** Kept on this device (no connection): sent once the connection is back. */
  queued?: boolean;
}

/** How long a card stays marked. */
export const MARK_MS = 2_000;

/**
 * What outlives any one screen, kept for the app by its layout: set on one screen (the delete dialog, the
 * form, a card's 'Compartilhar'), drawn by the layout or on the screen the user comes back to.
 */
export function createAppState() {
  const undo = valueStore<UndoOffer>();
  const saved = valueStore<SavedThought>();
  // One line at the foot of the screen at a time: a new one replaces the other (on a phone two stacked
  // lines covered a third of the screen, card controls included).
  replaces(undo, saved);
  replaces(saved, undo);
  const marked = valueStore<Thought["id"]>();
  let unmark: ReturnType<typeof setTimeout> | undefined;
  return {
    /**
     * The latest change 'Desfazer' can still undo. It outlives the delete dialog (which closes as the wall
     * comes back) and any screen: the latest change replaces the one before, as a second line replaces the first.
     */
    undo,
    /** The card 'Desfazer' just brought back, or the thought just saved, marked a moment on the wall. */
    marked,
    /**
     * Set by the form as it leaves, drawn by the layout on whatever screen the save returns to (the wall in
     * any of its views, or the screen the form was opened from); cleared when the line goes.
     */
    saved,
    /** The thought whose 'Compartilhar' was pressed: cards need no prop threaded through the wall to open it. */
    sharing: valueStore<Thought>(),
    /** Marks a card for MARK_MS from now: a card marked again (shown again on the wall) is marked as long. */
    markCard(id: Thought["id"]) {
      clearTimeout(unmark);
      marked.set(id);
      unmark = setTimeout(marked.clear, MARK_MS);
    },
  };
}

/** Setting `store` clears `other`. */
function replaces<T, U>(store: ValueStore<T>, other: ValueStore<U>): void {
  const set = store.set;
  store.set = (next) => {
    if (next !== undefined) other.clear();
    set(next);
  };
}

export type AppState = ReturnType<typeof createAppState>;

const AppStateContext = createContext<AppState | undefined>(undefined);

/**
 * Gives the tree below the app's state: created here, once per app, unless a state was given above (a
 * test's render helper gives one, to set what a user's action elsewhere would).
 */
export function AppStateProvider({ state, children }: { state?: AppState; children: ReactNode }) {
  const above = useContext(AppStateContext);
  const [own] = useState(() => state ?? above ?? createAppState());
  return <AppStateContext value={own}>{children}</AppStateContext>;
}

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error("The app's state is given by the layout (or a test's render helper)");
  return state;
}
