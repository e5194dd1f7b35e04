import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Thought } from "../../domain/contract";
import { paths } from "../paths";
import { CARD_ID_ATTRIBUTE } from "../routing/focus-after-removal";
import { openShare } from "../ui/share-request";
import styles from "./CardControls.module.css";
import { HeartIcon, PencilIcon, ShareIcon, TrashIcon } from "./icons";

interface CardControlsProps {
  thought: Thought;
  onToggleFavorite: (thought: Thought) => void;
  /** The wall's view as a query string ("?q=…"): the delete dialog draws over the wall, which keeps it. */
  viewQuery: string;
  /** A failed favorite change of this card, said here, under its controls. */
  failure?: ReactNode;
}

/** Favorite, share, edit and delete: icon-only controls whose pt-BR names come from aria-label. */
export function CardControls({ thought, onToggleFavorite, viewQuery, failure }: CardControlsProps) {
  return (
    <>
      <button
        type="button"
        className={`${styles.control} ${thought.favorito ? styles.active : ""}`}
        aria-label="Favorito"
        aria-pressed={thought.favorito}
        title={thought.favorito ? "Remover dos favoritos" : "Marcar como favorito"}
        onClick={() => onToggleFavorite(thought)}
        {...{ [CARD_ID_ATTRIBUTE]: thought.id }}
      >
        <HeartIcon filled={thought.favorito} />
      </button>
      <span className={styles.spacer} />
      <button
        type="button"
        className={styles.control}
        aria-label="Compartilhar"
        aria-haspopup="dialog"
        title="Compartilhar como imagem"
        onClick={() => openShare(thought)}
      >
        <ShareIcon />
      </button>
      <Link
        to={paths.edit(thought.id)}
        className={styles.control}
        aria-label="Editar pensamento"
        title="Editar"
      >
        <PencilIcon />
      </Link>
      <Link
        to={`${paths.remove(thought.id)}${viewQuery}`}
        className={`${styles.control} ${styles.danger}`}
        aria-label="Excluir pensamento"
        title="Excluir"
        // The dialog draws over the wall, which keeps its scroll under it.
        preventScrollReset
      >
        <TrashIcon />
      </Link>
      {failure ? <div className={styles.failure}>{failure}</div> : null}
    </>
  );
}
