import type { FavoriteFailureState } from "./FavoriteFailure";
import styles from "./FavoriteFailure.module.css";
import { canRetryFavorite, favoriteFailureMessage } from "./favorite-failure-texts";

export interface FavoriteFailureNoteProps {
  failure: FavoriteFailureState;
  onRetry: () => void;
  onDismiss: () => void;
  /** On its card (the usual place), or above the wall when the card is not shown. */
  placement: "card" | "wall";
}

/**
 * The failure of a favorite change, said where the user looks: on the card whose heart was pressed. It
 * comes with the forms' code (see forms.ts), which a first visit to the wall does not download.
 */
export function FavoriteFailureNote({ failure, onRetry, onDismiss, placement }: FavoriteFailureNoteProps) {
  return (
    <div className={`${styles.failure} ${styles[placement]}`}>
      <p role="alert" className={styles.message}>
        {favoriteFailureMessage(failure.change.favorite, failure.error)}
      </p>
      <div className={styles.actions}>
        {canRetryFavorite(failure.error) ? (
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
