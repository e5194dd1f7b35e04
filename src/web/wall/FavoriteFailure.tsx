import { useState } from "react";
import type { Thought } from "../../domain/contract";
import { errorMessage } from "../api/client";
import { type FavoriteChange, useToggleFavorite } from "../api/use-toggle-favorite";
import { ErrorNotice } from "../ui/ErrorNotice";

interface Failure {
  change: FavoriteChange;
  message: string;
}

/** The optimistic favorite toggle, with the failure that rolled it back kept until the next try. */
export function useFavoriteToggle() {
  const [failure, setFailure] = useState<Failure | null>(null);
  const mutation = useToggleFavorite((change, error) => {
    const verb = change.favorite ? "marcar" : "desmarcar";
    setFailure({
      change,
      message: `Não foi possível ${verb} o pensamento de ${change.thought.autoria} como favorito. ${errorMessage(error)}`,
    });
  });
  const run = (change: FavoriteChange) => {
    setFailure(null);
    mutation.mutate(change);
  };
  return {
    failure,
    toggle: (thought: Thought) => run({ thought, favorite: !thought.favorito }),
    retry: () => {
      if (failure) run(failure.change);
    },
  };
}

export function FavoriteFailure({ failure, onRetry }: { failure: Failure | null; onRetry: () => void }) {
  return failure ? <ErrorNotice message={failure.message} onRetry={onRetry} /> : null;
}
