import { Suspense } from "react";
import { loadForms } from "../chunks";
import { useAppState } from "../routing/app-state";
import { lazyScreen } from "../routing/lazy-screen";
import { useValue } from "../routing/value-store";

// With the forms' code, which a save has already loaded: a first visit to the wall carries only this host.
const SavedLine = lazyScreen(() => loadForms().then((m) => m.SavedLine));

/**
 * Where 'Pensamento salvo.' is said, on whatever screen a save returns to. The live region is always in the
 * page, empty, so that a screen reader is already watching it when the line comes (its role="status" comes
 * with the line: an empty one would stand among each screen's own status messages).
 */
export function SavedHost() {
  const saved = useValue(useAppState().saved);
  return (
    <div aria-live="polite">
      {saved ? (
        <Suspense fallback={null}>
          <SavedLine saved={saved} />
        </Suspense>
      ) : null}
    </div>
  );
}
