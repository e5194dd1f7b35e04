import { useState } from "react";
import type { Thought } from "../../domain/contract";
import { type FavoriteChange, useToggleFavorite } from "../api/use-toggle-favorite";
import { focusAfterRemoval, focusFavoriteButton } from "../routing/focus-after-removal";
import { offerUndo } from "../ui/undo-offer";
import styles from "./FavoriteFailure.module.css";
import { canRetryFavorite, favoriteFailureMessage } from "./wall-texts";

export interface FavoriteFailureState {
  change: FavoriteChange;
  message: string;
  canRetry: boolean;
}

/**
 * The optimistic favorite toggle, and the one failure that rolled it back: a new try (on any card)
 * replaces it, and 'Fechar' dismisses it. In 'Meus favoritos' an un-favorited card leaves the list, the
 * focus it held moves to the next card, and once the server has it the undo line offers 'Desfazer'.
 */
export function useFavoriteToggle(favoritesOnly: boolean) {
  const [failure, setFailure] = useState<FavoriteFailureState | null>(null);
  const mutation = useToggleFavorite((change, error) => {
    setFailure({
      change,
      message: favoriteFailureMessage(change.favorite, error),
      canRetry: canRetryFavorite(error),
    });
  });
  const run = (change: FavoriteChange) => {
    setFailure(null);
    const leaves = favoritesOnly && !change.favorite;
    if (leaves) focusAfterRemoval(change.thought.id);
    // Each change's own outcome (mutate's callbacks would only hear the latest); a failure is said on the card.
    mutation.mutateAsync(change).then(
      () => {
        if (leaves) offerUndo("unfavorited", { ...change.thought, favorito: false });
      },
      () => {},
    );
  };
  return {
    failure,
    toggle: (thought: Thought) => run({ thought, favorite: !thought.favorito }),
    retry: () => {
      if (!failure) return;
      // The message and its buttons go away: the focus goes back to the card's own toggle first.
      focusFavoriteButton(failure.change.thought.id);
      run(failure.change);
    },
    /** 'Fechar': the focus, which was on the closed message, goes back to the card's toggle. */
    dismiss: () => {
      if (!failure) return;
      focusFavoriteButton(failure.change.thought.id);
      setFailure(null);
    },
    /** The view changed: the message belonged to the previous one. */
    clear: () => setFailure(null),
  };
}

interface FavoriteFailureProps {
  failure: FavoriteFailureState;
  onRetry: () => void;
  onDismiss: () => void;
  /** On its card (the usual place), or above the wall when the card is not shown. */
  placement: "card" | "wall";
}

/** The failure, said where the user looks: on the card whose heart was pressed. */
export function FavoriteFailure({ failure, onRetry, onDismiss, placement }: FavoriteFailureProps) {
  return (
    <div className={`${styles.failure} ${styles[placement]}`}>
      <p role="alert" className={styles.message}>
        {failure.message}
      </p>
      <div className={styles.actions}>
        {failure.canRetry ? (
          <button type="button" className={styles.button} onClick={onRetry}>
            Tentar de novo
          </button>
        ) : null}
        <button type="button" className={styles.button} onClick={onDismiss}>
          Fechar
        </button>
      </div>
    </div>
  );
}
