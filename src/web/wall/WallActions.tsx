import type { Ref } from "react";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import { HeartIcon, PlusIcon, ShuffleIcon } from "../ui/icons";
import styles from "./WallActions.module.css";

interface WallActionsProps {
  favorites: boolean;
  onShowAll: () => void;
  onShowFavorites: () => void;
  onSurprise: () => void;
  /** For the `s` shortcut: the dialog it opens gives the focus back to this button. */
  surpriseRef?: Ref<HTMLButtonElement>;
}

/**
 * The two views of the wall as one segmented toggle ('Meu Mural' / 'Meus favoritos', the one shown
 * pressed, for screen readers too), apart from the actions 'Surpreenda-me' and 'Novo pensamento'. On a
 * phone all four fit one row: the words marked `long` are only hidden from the eye (the names stay whole,
 * and what is shown is part of them), and 'Surpreenda-me' is its icon.
 */
export function WallActions({
  favorites,
  onShowAll,
  onShowFavorites,
  onSurprise,
  surpriseRef,
}: WallActionsProps) {
  return (
    <div className={styles.row}>
      <fieldset className={styles.modes}>
        <legend className="visually-hidden">Modo de exibição</legend>
        <button type="button" className={styles.mode} aria-pressed={!favorites} onClick={onShowAll}>
          <span>
            <span className={styles.long}>Meu</span> Mural
          </span>
        </button>
        <button type="button" className={styles.mode} aria-pressed={favorites} onClick={onShowFavorites}>
          <HeartIcon filled={favorites} />
          <span>
            <span className={styles.long}>Meus</span> favoritos
          </span>
        </button>
      </fieldset>
      <div className={styles.actions}>
        <button
          ref={surpriseRef}
          type="button"
          className={styles.button}
          onClick={onSurprise}
          aria-keyshortcuts="s"
        >
          <ShuffleIcon />
          <span className={styles.surprise}>Surpreenda-me</span>
        </button>
        <Link to={paths.create} className={`${styles.button} ${styles.primary}`} aria-keyshortcuts="n">
          <PlusIcon />
          <span>
            Novo <span className={styles.long}>pensamento</span>
          </span>
        </Link>
      </div>
    </div>
  );
}
