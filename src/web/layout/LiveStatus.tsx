import { lazy, Suspense } from "react";
import { loadFormsAhead } from "../chunks";
import { useSettled } from "../routing/settled";

/** From the forms' chunk; should its code not arrive, the app works as before, refreshed by the user. */
const LiveState = lazy(() =>
  loadFormsAhead().then(
    (forms) => ({ default: forms.LiveState }),
    () => ({ default: () => null }),
  ),
);

/**
 * The live updates and their state in the header's menu ('Ao vivo', live/LiveState.tsx), started once the
 * page has loaded and settled: their code comes then, with the forms' chunk (one dynamic import for all:
 * see forms.ts), so the wall's first visit carries only these lines. A browser without server-sent events
 * (and the tests' jsdom) has nothing to start.
 */
export function LiveStatus() {
  const settled = useSettled();
  if (!settled || typeof EventSource !== "function") return null;
  return (
    <Suspense fallback={null}>
      <LiveState />
    </Suspense>
  );
}
