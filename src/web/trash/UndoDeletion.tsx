import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../api/client";
import { useRestoreThought } from "../api/use-trash";
import buttons from "../ui/buttons.module.css";
import { forgetDeletion, useRecentDeletion } from "../ui/recent-deletion";
import styles from "./UndoDeletion.module.css";

/** How long 'Desfazer' stays offered, unless the pointer or the focus rests on it (then it waits). */
export const UNDO_MS = 10_000;
/** How long the outcome of 'Desfazer' stays on screen. */
const OUTCOME_MS = 5_000;

type Outcome = { kind: "restored" } | { kind: "failed"; message: string };

/**
 * The status line after a deletion: 'Pensamento excluído.' with 'Desfazer', for about ten seconds. The live
 * region is always in the page, so that a screen reader announces the line when it appears.
 */
export function UndoDeletion() {
  const deleted = useRecentDeletion();
  const restore = useRestoreThought();
  const [outcome, setOutcome] = useState<Outcome>();
  const [held, setHeld] = useState(false);
  const line = useRef<HTMLDivElement>(null);

  // A new deletion replaces whatever the line said before.
  useEffect(() => {
    if (deleted) setOutcome(undefined);
  }, [deleted]);

  useEffect(() => {
    if (held || restore.isPending || (!deleted && !outcome)) return;
    const timer = setTimeout(
      () => {
        forgetDeletion();
        setOutcome(undefined);
      },
      outcome ? OUTCOME_MS : UNDO_MS,
    );
    return () => clearTimeout(timer);
  }, [deleted, outcome, held, restore.isPending]);

  function undo() {
    if (!deleted || restore.isPending) return;
    restore.mutate(deleted.id, {
      onSuccess: () => {
        // The button is about to go: keep the keyboard user's focus on the screen, not on the page body.
        if (line.current?.contains(document.activeElement)) focusHeading();
        forgetDeletion();
        setHeld(false);
        setOutcome({ kind: "restored" });
      },
      onError: (error) => setOutcome({ kind: "failed", message: errorMessage(error) }),
    });
  }

  const showing = deleted !== undefined || outcome !== undefined;
  return (
    <div
      ref={line}
      // A log (polite by default), not a second role=status: screens keep theirs for counts and outcomes.
      role="log"
      aria-live="polite"
      className={showing ? styles.line : styles.idle}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      {outcome?.kind === "restored" ? (
        <span>Pensamento restaurado.</span>
      ) : deleted ? (
        <>
          <span>
            {outcome?.kind === "failed"
              ? `O pensamento não voltou ao mural. ${outcome.message}`
              : "Pensamento excluído."}
          </span>
          <button type="button" className={buttons.compact} aria-disabled={restore.isPending} onClick={undo}>
            {outcome?.kind === "failed" ? "Tentar de novo" : "Desfazer"}
          </button>
        </>
      ) : null}
    </div>
  );
}

function focusHeading() {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  heading.focus();
}
