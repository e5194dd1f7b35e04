import type { ReactNode } from "react";
import type { Thought } from "../../domain/contract";
import { useAppState } from "../routing/app-state";
import styles from "./CardActions.module.css";
import { FavoriteHeart, type ToggleFavorite } from "./FavoriteHeart";
import { ShareIcon } from "./icons";

interface CardActionsProps {
  thought: Thought;
  /** Gets the heart that was pressed, which takes the focus back after a failure's message. */
  onToggleFavorite: ToggleFavorite;
  /**
   * A card of the wall's list: its heart carries the thought's id, by which the wall finds its cards (see
   * focus-after-removal). The thoughts shown apart (the day's, a draw) are not the wall's cards.
   */
  onWall?: boolean;
  /** More controls after 'Compartilhar' (the wall's edit and delete links). */
  children?: ReactNode;
  /** A failed favorite change of this card, said here, under its controls. */
  failure?: ReactNode;
}

/** Favorite and share, on every card that shows a whole thought: icon-only, named by aria-label. */
export function CardActions({
  thought,
  onToggleFavorite,
  onWall = false,
  children,
  failure,
}: CardActionsProps) {
  const { sharing } = useAppState();
  return (
    <>
      <FavoriteHeart thought={thought} onToggleFavorite={onToggleFavorite} onWall={onWall} />
      <span className={styles.spacer} />
      <button
        type="button"
        className={styles.control}
        aria-label="Compartilhar"
        aria-haspopup="dialog"
        title="Compartilhar como imagem"
        onClick={() => sharing.set(thought)}
      >
        <ShareIcon />
      </button>
      {children}
      {failure ? <div className={styles.failure}>{failure}</div> : null}
    </>
  );
}

/** The class of a control in the row, for the controls a screen adds (the wall's edit and delete). */
export const cardControlClass = styles.control;
export const cardDangerClass = styles.danger;
