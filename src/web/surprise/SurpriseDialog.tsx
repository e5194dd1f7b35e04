import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { fetchRandomThought } from "../api/random-thought";
import { thoughtKeys } from "../api/thoughts";
import buttons from "../ui/buttons.module.css";
import { CardActions } from "../ui/CardActions";
import { ThoughtCard } from "../ui/card/ThoughtCard";
import { useFavoriteToggle } from "../ui/FavoriteFailure";
import { FavoriteFailureNote } from "../ui/FavoriteFailureNote";
import { loadFailureMessage } from "../ui/load-failure";
import { ModalDialog } from "../ui/ModalDialog";
import styles from "./SurpriseDialog.module.css";

/** A new shuffle for each visit of the page: its draws repeat no thought until every one was shown. */
const visitSeed = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
let nextStep = 0;

/**
 * 'Surpreenda-me': a random thought in a dialog, with its heart and 'Compartilhar' as on the wall, 'Outro'
 * for the next draw, 'Fechar' (or Esc) to go back.
 */
export function SurpriseDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [step, setStep] = useState(() => nextStep++);
  const draw = useQuery({
    queryKey: thoughtKeys.random(visitSeed, step),
    queryFn: ({ signal }) => fetchRandomThought(visitSeed, step, signal),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const favorite = useFavoriteToggle(false);
  const another = () => {
    favorite.clear();
    setStep(nextStep++);
  };
  const failure = favorite.failure;

  return (
    <ModalDialog labelledBy={titleId} onDismiss={onClose}>
      <h2 id={titleId} className={styles.title}>
        Surpreenda-me
      </h2>
      <div className={styles.card} aria-live="polite" aria-busy={draw.isFetching}>
        {draw.data ? (
          <ThoughtCard {...draw.data} as="figure" clamp>
            <CardActions
              thought={draw.data}
              onToggleFavorite={(thought, heart) => favorite.toggle(thought, heart, "apart")}
              failure={
                failure ? (
                  <FavoriteFailureNote
                    failure={failure}
                    onRetry={favorite.retry}
                    onDismiss={favorite.dismiss}
                    placement="card"
                  />
                ) : null
              }
            />
          </ThoughtCard>
        ) : draw.data === null ? (
          <p>Ainda não há pensamentos cadastrados!</p>
        ) : draw.isError ? (
          <p role="alert">
            {loadFailureMessage(draw.error, {
              offline: "O sorteio precisa de conexão.",
              failed: "Não foi possível sortear um pensamento.",
            })}
          </p>
        ) : (
          <p>Sorteando…</p>
        )}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.primary}
          onClick={another}
          disabled={draw.data === null}
          data-autofocus
        >
          Outro
        </button>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          Fechar
        </button>
      </div>
    </ModalDialog>
  );
}
