import { Suspense } from "react";
import { loadForms } from "../chunks";
import { useAppState } from "../routing/app-state";
import { lazyScreen } from "../routing/lazy-screen";
import { useValue } from "../routing/value-store";

// With the other dialogs, on demand: a first visit to the wall carries only this host.
const ShareDialog = lazyScreen(() => loadForms().then((m) => m.ShareDialog));

/** Draws the share dialog of the thought whose 'Compartilhar' was pressed, if any. */
export function ShareHost() {
  const { sharing } = useAppState();
  const thought = useValue(sharing);
  if (!thought) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog key={thought.id} thought={thought} onClose={sharing.clear} />
    </Suspense>
  );
}
