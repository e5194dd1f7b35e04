import type { ReactNode } from "react";
import type { Thought } from "../../domain/contract";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import { CardActions, cardControlClass, cardDangerClass } from "../ui/CardActions";
import type { ToggleFavorite } from "../ui/FavoriteHeart";
import { PencilIcon, TrashIcon } from "../ui/icons";

interface CardControlsProps {
  thought: Thought;
  onToggleFavorite: ToggleFavorite;
  /** The wall's view as a query string ("?q=…"): the delete dialog draws over the wall, which keeps it. */
  viewQuery: string;
  /** A failed favorite change of this card, said here, under its controls. */
  failure?: ReactNode;
}

/** A wall card's controls: favorite and share (as on every card), then edit and delete. */
export function CardControls({ thought, onToggleFavorite, viewQuery, failure }: CardControlsProps) {
  return (
    <CardActions thought={thought} onToggleFavorite={onToggleFavorite} onWall failure={failure}>
      <Link
        to={paths.edit(thought.id)}
        className={cardControlClass}
        aria-label="Editar pensamento"
        title="Editar"
      >
        <PencilIcon />
      </Link>
      <Link
        to={`${paths.remove(thought.id)}${viewQuery}`}
        className={`${cardControlClass} ${cardDangerClass}`}
        aria-label="Excluir pensamento"
        title="Excluir"
        // The dialog draws over the wall, which keeps its scroll under it.
        preventScrollReset
      >
        <TrashIcon />
      </Link>
    </CardActions>
  );
}
