import { useCallback, useEffect, useRef, useState } from "react";
import { type BlockerFunction, useBlocker } from "react-router";

export interface DiscardGuard {
  /** A way out was taken while the form had unsaved text: 'Descartar alterações?' is being asked. */
  asking: boolean;
  /** Cancelar: leaves at once when nothing would be lost, else asks first. */
  confirmLeave: (leave: () => void) => void;
  /** 'Descartar': takes the way out that was asked for. */
  discard: () => void;
  /** 'Continuar editando' or Esc: stays, with everything typed. */
  keepEditing: () => void;
  /** While saving the form leaves on its own, and must not be asked about it. */
  setSaving: (saving: boolean) => void;
}

/**
 * Asks 'Descartar alterações?' before a form with unsaved text is left: Cancelar asks before it moves,
 * any navigation of the router (the browser's Back or Forward, a link of the app) waits on the question,
 * and, through the browser's own prompt, so do a reload and closing the tab.
 */
export function useDiscardGuard(dirty: boolean): DiscardGuard {
  const saving = useRef(false);
  // Set once the user chose to leave by Cancelar: the navigation that follows must go through unasked.
  const leaving = useRef(false);
  // Cancelar's way out, while the question it raised is open. Asked before moving, not by the blocker: a
  // Back that the blocker undoes would make the browser close the dialog it just opened.
  const [cancelled, setCancelled] = useState<() => void>();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving.current && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (saving.current || leaving.current) return;
      event.preventDefault();
      // Older browsers show their prompt only when a return value is set.
      event.returnValue = "";
    }
    addEventListener("beforeunload", onBeforeUnload);
    return () => removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const setSaving = useCallback((value: boolean) => {
    saving.current = value;
  }, []);

  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (dirty) setCancelled(() => leave);
      else leave();
    },
    [dirty],
  );

  return {
    asking: blocker.state === "blocked" || cancelled !== undefined,
    confirmLeave,
    discard: () => {
      if (blocker.state === "blocked") return blocker.proceed();
      if (!cancelled) return;
      leaving.current = true;
      setCancelled(undefined);
      cancelled();
    },
    keepEditing: () => {
      blocker.reset?.();
      setCancelled(undefined);
    },
    setSaving,
  };
}
