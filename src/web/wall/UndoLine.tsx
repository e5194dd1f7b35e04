import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useLayoutEffect, useState } from "react";
import { bulkAction, bulkKeys, redoImport } from "../api/bulk";
import { errorMessage } from "../api/client";
import { thoughtKeys } from "../api/thoughts";
import { trashKeys } from "../api/trash";
import { isNotFound } from "../api/use-thought";
import { useToggleFavorite } from "../api/use-toggle-favorite";
import { useRestoreThought } from "../api/use-trash";
import { type UndoOffer, useAppState } from "../routing/app-state";
import { focusElement, focusIsLost } from "../routing/focus";
import { holdScroll } from "../routing/hold-scroll";
import { useValue } from "../routing/value-store";
import { whenCardShown } from "../routing/when-card-shown";
import buttons from "../ui/buttons.module.css";
import { useClearOfCardControls } from "../ui/useClearOfCardControls";
import { useShortcuts } from "../ui/useShortcuts";
import { offeredText, undoTexts } from "./undo-texts";

/** How long 'Desfazer' stays offered, unless the pointer or the focus rests on it (then it waits). */
export const UNDO_MS = 10_000;
/** How long the outcome of 'Desfazer' stays on screen. */
const OUTCOME_MS = 5_000;

type Outcome = { kind: "undone"; offer: UndoOffer } | { kind: "failed"; message: string; canRetry: boolean };

// The failure is said by the line itself, from its own call.
const sayNothing = () => {};

export interface UndoLineProps {
  /** Drawn on the wall only; off it, its time runs on unseen. */
  shown: boolean;
  /** The live region it speaks in, which the page keeps (see UndoHost). */
  line: RefObject<HTMLDivElement | null>;
  /** The pointer or the focus rests on the line: its time waits. */
  held: boolean;
  release: () => void;
  /** Whether the line has something to show, for the region's look. */
  onShowing: (showing: boolean) => void;
}

/**
 * What the undo line says and does, loaded with the first offer: 'Pensamento excluído.' after a deletion,
 * 'Pensamento removido dos favoritos.' after an un-favorite in 'Meus favoritos', each with 'Desfazer' (or
 * the key z). Undone, the card comes back in its place, the window stays where it is, and the card takes
 * the focus and is marked a moment.
 */
export function UndoLine({ shown, line, held, release: releaseHold, onShowing }: UndoLineProps) {
  const { undo: offers, markCard } = useAppState();
  const offer = useValue(offers);
  const endUndo = offers.clear;
  const restore = useRestoreThought();
  const refavorite = useToggleFavorite(sayNothing);
  const [outcome, setOutcome] = useState<Outcome>();
  const queryClient = useQueryClient();
  const [manyPending, setManyPending] = useState(false);
  const pending = restore.isPending || refavorite.isPending || manyPending;
  // One line at a time: a save's line replaces this one, outcome included (its offer is cleared by the app).
  const saved = useValue(useAppState().saved);
  useEffect(() => {
    if (saved) setOutcome(undefined);
  }, [saved]);

  // A new offer replaces whatever the line said before.
  useEffect(() => {
    if (offer) setOutcome(undefined);
  }, [offer]);

  useEffect(() => {
    if (held || pending || (!offer && !outcome)) return;
    const timer = setTimeout(
      () => {
        endUndo();
        setOutcome(undefined);
      },
      outcome ? OUTCOME_MS : UNDO_MS,
    );
    return () => clearTimeout(timer);
  }, [offer, outcome, held, pending, endUndo]);

  const canUndo = shown && offer !== undefined && !(outcome?.kind === "failed" && !outcome.canRetry);

  /** Many thoughts back from the trash in one request (a selection's move, an import's undo). */
  function undoMany(many: Exclude<UndoOffer, { thought: unknown }>) {
    setManyPending(true);
    const request =
      many.kind === "bulkDeleted"
        ? bulkAction({ acao: "restaurar", ids: many.ids })
        : redoImport(many.importId, many.deletedAt);
    request
      .then(
        () => {
          endUndo();
          releaseHold();
          setOutcome({ kind: "undone", offer: many });
        },
        (error: unknown) =>
          setOutcome({ kind: "failed", message: errorMessage(error), canRetry: !isNotFound(error) }),
      )
      .finally(() => {
        setManyPending(false);
        for (const queryKey of [thoughtKeys.all, trashKeys.all, bulkKeys.imports]) {
          void queryClient.invalidateQueries({ queryKey, refetchType: "all" });
        }
      });
  }

  function undo() {
    if (!offer || pending) return;
    if (!("thought" in offer)) {
      undoMany(offer);
      return;
    }
    const { kind, thought } = offer;
    // The focus is still here, or where the key z was pressed, when the card comes back: it goes to the card.
    const focused = document.activeElement;
    const release = holdScroll();
    const back = () => {
      whenCardShown(
        thought.id,
        (card) => {
          const active = document.activeElement;
          if (focusIsLost() || active === focused || line.current?.contains(active)) {
            focusElement(card, { preventScroll: true });
          }
          release();
        },
        { onGiveUp: release },
      );
      markCard(thought.id);
      endUndo();
      releaseHold();
      setOutcome({ kind: "undone", offer });
    };
    const failed = (error: unknown) => {
      release();
      setOutcome({ kind: "failed", message: errorMessage(error), canRetry: !isNotFound(error) });
    };
    if (kind === "deleted") restore.mutate(thought.id, { onSuccess: back, onError: failed });
    else refavorite.mutateAsync({ thought, favorite: true }).then(back, failed);
  }

  useShortcuts({ z: () => (canUndo && !pending ? undo() : false) });

  const showing = shown && (offer !== undefined || outcome !== undefined);
  let said: string | undefined;
  if (outcome?.kind === "undone") said = undoTexts[outcome.offer.kind].undone;
  else if (offer && outcome?.kind === "failed") said = `${undoTexts[offer.kind].failed} ${outcome.message}`;
  else if (offer) said = offeredText(offer);
  // Before the browser paints, so the words never show in the idle region's clipped box.
  useLayoutEffect(() => onShowing(showing), [showing, onShowing]);
  useClearOfCardControls(line, showing);
  return (
    <>
      {showing && said ? <span>{said}</span> : null}
      {showing && canUndo && outcome?.kind !== "undone" ? (
        <button
          type="button"
          className={buttons.compact}
          aria-disabled={pending}
          aria-keyshortcuts="z"
          onClick={undo}
        >
          {outcome?.kind === "failed" ? "Tentar de novo" : "Desfazer"}
        </button>
      ) : null}
    </>
  );
}
