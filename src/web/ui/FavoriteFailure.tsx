import { useState } from "react";
import type { Thought } from "../../domain/contract";
import { type FavoriteChange, useToggleFavorite } from "../api/use-toggle-favorite";
import { useAppState } from "../routing/app-state";
import { focusAfterRemoval, focusFavoriteButton } from "../routing/focus-after-removal";

export interface FavoriteFailureState {
  change: FavoriteChange;
  /** Why it failed, as the request said: the note words it (FavoriteFailureNote). */
  error: unknown;
  /** Where the heart was pressed: a card of the wall, or the one thought shown apart (the day's). */
  place: FavoritePlace;
  /** That heart, which gets the focus back when the message goes. */
  heart?: HTMLElement;
}

export type FavoritePlace = "wall" | "apart";

/**
 * The optimistic favorite toggle, and the one failure that rolled it back: a new try (on any card)
 * replaces it, and 'Fechar' dismisses it. In 'Meus favoritos' an un-favorited card leaves the list, the
 * focus it held moves to the next card, and once the server has it the undo line offers 'Desfazer'.
 */
export function useFavoriteToggle(favoritesOnly: boolean) {
  const [failure, setFailure] = useState<FavoriteFailureState | null>(null);
  const { undo } = useAppState();
  const mutation = useToggleFavorite((change: PressedChange, error) => {
    setFailure({ change, error, place: change.place, heart: change.heart });
  });
  const run = (change: PressedChange) => {
    setFailure(null);
    const leaves = favoritesOnly && !change.favorite;
    if (leaves) focusAfterRemoval(change.thought.id);
    // Each change's own outcome (mutate's callbacks would only hear the latest); a failure is said on the card.
    return mutation.mutateAsync(change).then(
      // The server's answer, with its new version: 'Desfazer' names that one.
      (saved) => {
        if (leaves)
          undo.set({ kind: "unfavorited", thought: saved ?? { ...change.thought, favorito: false } });
      },
      () => {},
    );
  };
  return {
    failure,
    toggle: (thought: Thought, heart?: HTMLElement, place: FavoritePlace = "wall") =>
      run({ thought, favorite: !thought.favorito, heart, place }),
    retry: () => {
      if (!failure) return;
      // The message and its buttons go away: the focus goes back to the card's own toggle first.
      focusHeart(failure);
      run({ ...failure.change, heart: failure.heart, place: failure.place });
    },
    /** 'Fechar': the focus, which was on the closed message, goes back to the card's toggle. */
    dismiss: () => {
      if (!failure) return;
      focusHeart(failure);
      setFailure(null);
    },
    /** The view changed: the message belonged to the previous one. */
    clear: () => setFailure(null),
  };
}

interface PressedChange extends FavoriteChange {
  place: FavoritePlace;
  heart?: HTMLElement;
}

/** The heart that was pressed, or, when its card was drawn again meanwhile, the thought's on the wall. */
function focusHeart({ heart, change }: FavoriteFailureState): void {
  if (heart?.isConnected) heart.focus();
  else focusFavoriteButton(change.thought.id);
}
