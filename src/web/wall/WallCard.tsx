import type { ReactNode } from "react";
import type { Thought } from "../../domain/contract";
import { ThoughtCard } from "../ui/card/ThoughtCard";
import { CardControls } from "./CardControls";
import { Highlight } from "./Highlight";

interface WallCardProps {
  thought: Thought;
  /** The search these cards answer; its matches are marked. */
  search: string | undefined;
  onToggleFavorite: (thought: Thought) => void;
  viewQuery: string;
  failure?: ReactNode;
}

export function WallCard({ thought, search, onToggleFavorite, viewQuery, failure }: WallCardProps) {
  return (
    <ThoughtCard
      conteudo={thought.conteudo}
      autoria={thought.autoria}
      modelo={thought.modelo}
      label={`Pensamento de ${thought.autoria}`}
      content={<Highlight text={thought.conteudo} query={search} />}
      author={<Highlight text={thought.autoria} query={search} />}
    >
      <CardControls
        thought={thought}
        onToggleFavorite={onToggleFavorite}
        viewQuery={viewQuery}
        failure={failure}
      />
    </ThoughtCard>
  );
}
