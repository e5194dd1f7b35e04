import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { ReviewCard, ReviewDay, Thought } from "../../domain/contract";
import { errorMessage, isOfflineError } from "../api/client";
import { useUndoDiscard } from "../api/review";
import {
  answersSettled,
  takeBackPending,
  useAnswerCard,
  usePendingAnswerCount,
  useSendLeftAnswers,
  withAnswer,
} from "../api/review-answers";
import { fetchReviewDay, type ReviewTheme, reviewKeys, setName, THEME_KEYS } from "../api/review-day";
import { thoughtKeys } from "../api/thoughts";
import { paths } from "../paths";
import { focusElement } from "../routing/focus";
import { Link } from "../routing/Link";
import { ErrorNotice } from "../ui/ErrorNotice";
import { usePageTitle } from "../ui/usePageTitle";
import { useShortcuts } from "../ui/useShortcuts";
import { ReviewCardView } from "./ReviewCardView";
import { ReviewDone } from "./ReviewDone";
import { ReviewFeedback } from "./ReviewFeedback";
import styles from "./ReviewPage.module.css";
import { ReviewUndo } from "./ReviewUndo";
import { progressText, reviewTitle } from "./review-texts";

function onConnectionChange(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser says it has a connection (the offline feature's own hook is another feature's). */
const useOnline = () =>
  useSyncExternalStore(
    onConnectionChange,
    () => navigator.onLine,
    () => true,
  );

/** The theme an address asks for (`?etiqueta=`, `autoria=`, `fonte=`, `q=`); none is the day's review. */
export function themeOf(params: URLSearchParams): ReviewTheme {
  const theme: ReviewTheme = {};
  for (const key of THEME_KEYS) {
    const value = params.get(key)?.trim();
    if (value) theme[key] = value;
  }
  return theme;
}

/** The newer of two copies of a thought: the review's, or the one an edit from the review just saved. */
function newest(kept: Thought, edited: Thought | undefined): Thought {
  return edited && edited.id === kept.id && edited.atualizadoEm > kept.atualizadoEm ? edited : kept;
}

/**
 * /revisao: 'Revisão de hoje', one card at a time, or a theme's review (`?etiqueta=` and the rest). Each
 * answer marks the card done in the cached set and goes to the server in the background, so the next card
 * is drawn in the same task as the key or the tap; the answer waits on the device while offline. Once every
 * card is answered, the closing screen: the streak and the calendar of the last 12 months.
 */
export function ReviewPage() {
  const [params] = useSearchParams();
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme changes with the address's text only.
  const theme = useMemo(() => themeOf(params), [query]);
  const title = reviewTitle(theme);
  usePageTitle(title);
  const sendLeft = useSendLeftAnswers();
  useEffect(() => sendLeft(), [sendLeft]);

  // The server keeps the day's set, and a theme's, for the day: asked again, it answers the same cards.
  const day = useQuery({
    queryKey: reviewKeys.day(theme),
    queryFn: ({ signal }) => fetchReviewDay(theme, signal),
  });

  return (
    <section className={styles.page} aria-labelledby="review-title">
      <div className={styles.top}>
        <h1 id="review-title" className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        <nav className={styles.links} aria-label="Revisão">
          <Link to={paths.wall}>Voltar para o mural</Link>
          <Link to={paths.reviewSettings}>Ajustes da revisão</Link>
        </nav>
      </div>
      {day.data ? (
        <Review day={day.data} theme={theme} />
      ) : day.isError ? (
        <ErrorNotice
          message={
            isOfflineError(day.error)
              ? "A revisão precisa de conexão na primeira vez que é aberta no dia."
              : errorMessage(day.error)
          }
          onRetry={() => void day.refetch()}
        />
      ) : (
        <p role="status" className={styles.loading}>
          Carregando a revisão…
        </p>
      )}
    </section>
  );
}

interface ReviewProps {
  day: ReviewDay;
  theme: ReviewTheme;
}

/** The set in progress: the card not yet answered, its feedback, 'Desfazer' after a discard, or the end. */
function Review({ day, theme }: ReviewProps) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const answer = useAnswerCard(theme);
  const undoDiscard = useUndoDiscard();
  const [discarded, setDiscarded] = useState<ReviewCard>();
  const [revealed, setRevealed] = useState<number>();
  const [undoFailure, setUndoFailure] = useState<string>();

  const waiting = usePendingAnswerCount();
  const online = useOnline();
  const cards = day.cartoes;
  const card = cards.find((candidate) => candidate.resposta === null);
  const answered = cards.filter((candidate) => candidate.resposta !== null).length;
  const thought = card
    ? newest(card.pensamento, client.getQueryData<Thought>(thoughtKeys.detail(card.pensamento.id)))
    : undefined;
  const memorise = card?.tipo === "memorizar";
  const shown = card !== undefined && revealed === card.pensamento.id;

  const endUndo = useCallback(() => {
    setDiscarded(undefined);
    setUndoFailure(undefined);
  }, []);

  const give = (resposta: Parameters<typeof answer>[2]) => {
    if (!card) return;
    answer(day, card, resposta);
    setUndoFailure(undefined);
    setDiscarded(resposta === "descartar" ? card : undefined);
  };

  const undo = () => {
    if (!discarded) return;
    const id = discarded.pensamento.id;
    setDiscarded(undefined);
    const putBack = () =>
      client.setQueryData<ReviewDay>(reviewKeys.day(theme), (data) =>
        data ? withAnswer(data, id, null) : data,
      );
    if (takeBackPending(id, setName(day.dia, theme))) return putBack();
    // After the discard itself has reached the server, or the undo could arrive first.
    void answersSettled().then(() =>
      undoDiscard.mutate(id, {
        onSuccess: putBack,
        onError: (error) => setUndoFailure(`Não foi possível desfazer. ${errorMessage(error)}`),
      }),
    );
  };

  useShortcuts(
    !card
      ? {}
      : memorise
        ? {
            " ": () => (shown ? false : setRevealed(card.pensamento.id)),
            Enter: () => (shown ? false : setRevealed(card.pensamento.id)),
            "1": () => (shown ? give("de_novo") : false),
            "2": () => (shown ? give("dificil") : false),
            "3": () => (shown ? give("bom") : false),
            "4": () => (shown ? give("facil") : false),
            e: () => void navigate(paths.edit(card.pensamento.id)),
            z: () => (discarded ? undo() : false),
          }
        : {
            Enter: () => give("proximo"),
            ArrowRight: () => give("proximo"),
            f: () => give("favoritar"),
            e: () => void navigate(paths.edit(card.pensamento.id)),
            "1": () => give("em_breve"),
            "2": () => give("mais_tarde"),
            "3": () => give("bem_depois"),
            d: () => give("descartar"),
            z: () => (discarded ? undo() : false),
          },
  );

  // The closing screen takes the focus, so a screen reader says it at once.
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const done = cards.length > 0 && card === undefined;
  useEffect(() => {
    if (done && doneHeading.current) focusElement(doneHeading.current);
  }, [done]);

  if (cards.length === 0) {
    return (
      <p className={styles.empty}>
        {Object.keys(theme).length > 0
          ? "Nenhum pensamento deste tema para revisar."
          : "Nada para revisar hoje: o mural ainda não tem pensamentos para a revisão."}{" "}
        <Link to={paths.wall}>Voltar para o mural</Link>
      </p>
    );
  }

  return (
    <>
      <p role="status" className={styles.progress}>
        {card ? progressText(answered + 1, cards.length) : `${cards.length} de ${cards.length}`}
      </p>
      {card && thought ? (
        <div className={styles.review}>
          <ReviewCardView
            key={card.pensamento.id}
            card={card}
            thought={thought}
            revealed={shown}
            onSwipe={memorise ? undefined : () => give("proximo")}
          />
          <ReviewFeedback
            card={card}
            thought={thought}
            revealed={shown}
            onReveal={() => setRevealed(card.pensamento.id)}
            onAnswer={give}
            onEdit={() => void navigate(paths.edit(card.pensamento.id))}
          />
        </div>
      ) : (
        <ReviewDone day={day} themed={Object.keys(theme).length > 0} headingRef={doneHeading} />
      )}
      {waiting > 0 && !online ? (
        <p className={styles.waiting}>
          {waiting === 1
            ? "1 resposta guardada neste aparelho: ela vai para o servidor quando a conexão voltar."
            : `${waiting} respostas guardadas neste aparelho: elas vão para o servidor quando a conexão voltar.`}
        </p>
      ) : null}
      <ReviewUndo
        shown={discarded !== undefined || undoFailure !== undefined}
        failure={undoFailure}
        pending={undoDiscard.isPending}
        onUndo={undo}
        onEnd={endUndo}
      />
    </>
  );
}
