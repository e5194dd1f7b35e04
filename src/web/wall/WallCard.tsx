import { type ComponentType, memo, type ReactNode, Suspense } from "react";
import type { Thought } from "../../domain/contract";
import type { PendingMark } from "../api/outbox/outbox-overlay";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import { LabelChips } from "../ui/card/LabelChips";
import { LinkedText } from "../ui/card/LinkedText";
import { ThoughtCard } from "../ui/card/ThoughtCard";
import type { ToggleFavorite } from "../ui/FavoriteHeart";
import { CardControls } from "./CardControls";
import { Highlight } from "./Highlight";
import { splitMatches } from "./highlight";
import type { PendingNoteProps } from "./PendingNote";
import { readWallView, wallAddress } from "./wall-address";

interface WallCardProps {
  thought: Thought;
  /** The search these cards answer; its matches are marked. */
  search: string | undefined;
  onToggleFavorite: ToggleFavorite;
  viewQuery: string;
  failure?: ReactNode;
  /** Just brought back by 'Desfazer'. */
  marked?: boolean;
  /** A write of it waits on this device (the outbox). */
  pending?: PendingMark | undefined;
  /** What it then says, from the code loaded on demand. */
  PendingNote?: ComponentType<PendingNoteProps> | undefined;
}

/**
 * A card of the wall: its author leads to that author's thoughts and each label chip to that label's, both
 * within the wall's current search, mode and order; its source leads to the source's page.
 */
export const WallCard = memo(function WallCard({
  thought,
  search,
  onToggleFavorite,
  viewQuery,
  failure,
  marked,
  pending,
  PendingNote,
}: WallCardProps) {
  // Read from the wall's view as given, not from the address: a dialog drawn over the wall (its address
  // changes, its view does not) then leaves every card as it is, memoised.
  const view = readWallView(viewQuery);
  return (
    <ThoughtCard
      conteudo={thought.conteudo}
      autoria={thought.autoria}
      modelo={thought.modelo}
      label={`Pensamento de ${thought.autoria}`}
      marked={marked}
      clamp
      content={<LinkedText text={thought.conteudo} marks={splitMatches(thought.conteudo, search)} />}
      author={
        <Link
          to={wallAddress({ ...view, author: thought.autoria })}
          aria-label={`Ver pensamentos de ${thought.autoria}`}
          preventScrollReset
        >
          <Highlight text={thought.autoria} query={search} />
        </Link>
      }
      fonte={thought.fonte}
      local={thought.local}
      sourceHref={thought.fonte ? paths.source(thought.fonte, thought.autoria) : undefined}
      nota={thought.nota}
      criadoEm={thought.criadoEm}
      labels={<LabelChips labels={thought.etiquetas} hrefOf={(label) => wallAddress({ ...view, label })} />}
    >
      {/* A thought created offline has no id on the server yet: nothing to favour, share or edit there. */}
      {thought.id > 0 ? (
        <CardControls
          thought={thought}
          onToggleFavorite={onToggleFavorite}
          viewQuery={viewQuery}
          failure={failure}
        />
      ) : null}
      {pending && PendingNote ? (
        <Suspense fallback={null}>
          <PendingNote mark={pending} />
        </Suspense>
      ) : null}
    </ThoughtCard>
  );
});
