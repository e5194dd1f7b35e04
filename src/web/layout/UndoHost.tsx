import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";
import { loadForms } from "../chunks";
import { useAppState } from "../routing/app-state";
import { useValue } from "../routing/value-store";
import foot from "../ui/FootLine.module.css";
import type { UndoLineProps } from "../wall/UndoLine";
import styles from "./UndoHost.module.css";

// The line's words and button come with the forms' code, which the wall fetches once it is idle (or the first
// offer does). Should it fail to arrive, the line stays silent: the change itself is done, only its undo is lost.
const UndoLine = lazy<ComponentType<UndoLineProps>>(() =>
  loadForms().then(
    (m) => ({ default: m.UndoLine }),
    () => ({ default: () => null }),
  ),
);

/**
 * The wall's status line after a change it can undo, for about ten seconds (see wall/UndoLine). It is
 * drawn on the wall only (`shown`), but kept by the app, so its ten seconds run on while another screen is
 * open. The live region is always in the page, so that a screen reader is already watching it when the
 * line appears; what it says, and its code, come with the first offer (or when the wall is idle), which
 * keeps them out of a first visit's download.
 */
export function UndoHost({ shown }: { shown: boolean }) {
  const offer = useValue(useAppState().undo);
  const [started, setStarted] = useState(false);
  const [held, setHeld] = useState(false);
  const [showing, setShowing] = useState(false);
  const line = useRef<HTMLDivElement>(null);
  if (offer && !started) setStarted(true);

  // Off the wall the pointer and the focus are elsewhere: nothing holds the line.
  useEffect(() => {
    if (!shown) setHeld(false);
  }, [shown]);

  return (
    <div
      ref={line}
      // A log (polite by default), not a second role=status: screens keep theirs for counts and outcomes.
      role="log"
      aria-live="polite"
      className={showing ? foot.line : styles.idle}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      {started ? (
        <Suspense fallback={null}>
          <UndoLine
            shown={shown}
            line={line}
            held={held}
            release={() => setHeld(false)}
            onShowing={setShowing}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
