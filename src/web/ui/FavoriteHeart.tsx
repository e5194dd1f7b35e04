import { notifyManager } from "@tanstack/react-query";
import { type MouseEvent, useDeferredValue, useRef, useState } from "react";
import type { Thought } from "../../domain/contract";
import { afterNextPaint } from "../api/after-paint";
import { CARD_ID_ATTRIBUTE } from "../routing/focus-after-removal";
import styles from "./CardActions.module.css";
import { HeartIcon } from "./icons";

/**
 * Changes a thought's favorite flag from the thought as its heart showed it when pressed; the heart takes the
 * focus back after a failure. Settles once the change is done or rolled back.
 */
export type ToggleFavorite = (thought: Thought, heart: HTMLElement) => Promise<unknown> | undefined;

interface FavoriteHeartProps {
  thought: Thought;
  onToggleFavorite: ToggleFavorite;
  /** A card of the wall's list: the heart carries the thought's id (see focus-after-removal). */
  onWall: boolean;
}

/**
 * A card's heart. A press is drawn at once by the heart alone, as small a change as React can paint; the
 * change itself (every list's copy, the request, the wall drawn again) starts once that frame is painted,
 * so a slow phone shows the answer to the press before any of that work. What the last press showed
 * stands until its change settles.
 */
export function FavoriteHeart({ thought, onToggleFavorite, onWall }: FavoriteHeartProps) {
  const [pressed, setPressed] = useState<boolean>();
  const lastPress = useRef(0);
  // Let go of in a deferred render: the wall draws its list's answers in one (see wall/drawn-list.ts), and React
  // draws every deferred render waiting together, so the card's new thought and the heart letting go of the
  // press arrive in one paint. Let go of at once, the heart showed the thought from before the press until the
  // list's render came.
  const letGo = useDeferredValue(pressed);
  const favorite = pressed ?? letGo ?? thought.favorito;
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    const heart = event.currentTarget;
    const thisPress = ++lastPress.current;
    setPressed(!favorite);
    // The thought as this press found it shown, so a second press before the change arrives undoes the first.
    const shown = { ...thought, favorito: favorite };
    void afterNextPaint()
      .then(() => onToggleFavorite(shown, heart))
      // Once settled, the thought given says the rest: the heart lets go when the views hear of the cache's last
      // change (queued behind it, so it never shows the value from before the press for a moment).
      .finally(() =>
        notifyManager.schedule(() => {
          if (lastPress.current === thisPress) setPressed(undefined);
        }),
      );
  };
  return (
    <button
      type="button"
      className={`${styles.control} ${favorite ? styles.active : ""}`}
      aria-label="Favorito"
      aria-pressed={favorite}
      title={favorite ? "Remover dos favoritos" : "Marcar como favorito"}
      onClick={press}
      {...(onWall ? { [CARD_ID_ATTRIBUTE]: thought.id } : {})}
    >
      <HeartIcon filled={favorite} />
    </button>
  );
}
