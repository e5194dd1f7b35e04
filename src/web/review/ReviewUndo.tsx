import { useEffect, useState } from "react";
import buttons from "../ui/buttons.module.css";
import foot from "../ui/FootLine.module.css";
import styles from "./ReviewPage.module.css";

/** How long 'Desfazer' stays offered after a discard, unless the pointer or the focus rests on it. */
const UNDO_MS = 10_000;

interface ReviewUndoProps {
  shown: boolean;
  /** Why the undo failed, said in place of the offer. */
  failure?: string;
  pending: boolean;
  onUndo: () => void;
  onEnd: () => void;
}

/**
 * 'Descartado da revisão.' with 'Desfazer' (or the key z) for about ten seconds, at the foot of the window
 * as the wall's undo line is. The live region stays in the page so that a screen reader hears the offer.
 */
export function ReviewUndo({ shown, failure, pending, onUndo, onEnd }: ReviewUndoProps) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!shown || held || pending) return;
    const timer = setTimeout(onEnd, UNDO_MS);
    return () => clearTimeout(timer);
  }, [shown, held, pending, onEnd]);
  return (
    <div
      role="log"
      aria-live="polite"
      className={shown ? foot.line : styles.idle}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      {shown ? (
        <>
          <span>{failure ?? "Descartado da revisão: não volta mais, mas continua no mural."}</span>
          {failure ? null : (
            <button
              type="button"
              className={buttons.compact}
              aria-keyshortcuts="z"
              aria-disabled={pending}
              onClick={() => {
                setHeld(false);
                onUndo();
              }}
            >
              Desfazer
            </button>
          )}
        </>
      ) : null}
    </div>
  );
}
