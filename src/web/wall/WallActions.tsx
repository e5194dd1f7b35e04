import { Link } from "wouter";
import { paths } from "../paths";
import { HeartIcon, PlusIcon } from "./icons";
import styles from "./WallActions.module.css";

interface WallActionsProps {
  favorites: boolean;
  onShowAll: () => void;
  onShowFavorites: () => void;
  onSurprise: () => void;
}

/**
 * 'Meu Mural', 'Meus favoritos', 'Surpreenda-me' and 'Novo pensamento': the mode being shown is drawn
 * filled.
 */
export function WallActions({ favorites, onShowAll, onShowFavorites, onSurprise }: WallActionsProps) {
  return (
    <div className={styles.row}>
      <button
        type="button"
        className={`${styles.button} ${favorites ? "" : styles.current}`}
        onClick={onShowAll}
      >
        Meu Mural
      </button>
      <button
        type="button"
        className={`${styles.button} ${favorites ? styles.current : ""}`}
        onClick={onShowFavorites}
      >
        <HeartIcon filled={favorites} />
        Meus favoritos
      </button>
      <button type="button" className={styles.button} onClick={onSurprise} aria-keyshortcuts="s">
        Surpreenda-me
      </button>
      <Link href={paths.create} className={`${styles.button} ${styles.primary}`}>
        <PlusIcon />
        Novo pensamento
      </Link>
    </div>
  );
}
