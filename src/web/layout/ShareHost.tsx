import { Suspense } from "react";
import { loadForms } from "../chunks";
import { lazyScreen } from "../routing/lazy-screen";
import { closeShare, useSharedThought } from "../ui/share-request";

// With the other dialogs, on demand: a first visit to the wall carries only this host.
const ShareDialog = lazyScreen(() => loadForms().then((m) => m.ShareDialog));

/** Draws the share dialog of the thought whose 'Compartilhar' was pressed, if any. */
export function ShareHost() {
  const thought = useSharedThought();
  if (!thought) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog key={thought.id} thought={thought} onClose={closeShare} />
    </Suspense>
  );
}
