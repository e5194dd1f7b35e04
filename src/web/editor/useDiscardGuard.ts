import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "../routing/app-location";
import { guardBack } from "./back-guard";

/** The depth app-location.ts records in each history entry's state (0 when absent). */
function depthOf(state: unknown): number {
  const depth =
    typeof state === "object" && state !== null ? (state as { depth?: unknown }).depth : undefined;
  return typeof depth === "number" ? depth : 0;
}

export interface DiscardGuard {
  /** The way out the user asked for while the form had unsaved text; set while the question is open. */
  pending: (() => void) | undefined;
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
 * Asks 'Descartar alterações?' before a form with unsaved text is left: by Cancelar, by the browser's Back
 * (or Forward), by a link of the app (the logo, the header's), and, through the browser's own prompt, by a
 * reload or by closing the tab. Back is caught as it happens (see back-guard.ts): the form's entry is
 * pushed again before the router draws the previous screen, and 'Descartar' goes Back.
 */
export function useDiscardGuard(dirty: boolean): DiscardGuard {
  const [pending, setPending] = useState<() => void>();
  const saving = useRef(false);
  // Set once the user chose to leave: the navigation that follows must go through unasked.
  const leaving = useRef(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (!dirty) return;
    const guarding = () => !saving.current && !leaving.current;
    const form = { path: location.pathname, url: location.pathname + location.search + location.hash };
    const entryState: unknown = history.state;

    function onBack(): boolean {
      if (!guarding() || location.pathname === form.path) return false;
      // The browser already shows the entry the user went to; put the form back on top of it, one entry
      // deeper (as the app's own pushes are recorded), so 'Descartar' is a plain Back to where they went.
      const base = typeof entryState === "object" && entryState !== null ? entryState : {};
      history.pushState({ ...base, depth: depthOf(history.state) + 1 }, "", form.url);
      setPending(() => () => history.back());
      return true;
    }

    function onLinkClick(event: MouseEvent) {
      if (!guarding() || event.defaultPrevented || event.button !== 0) return;
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
      if (link.origin !== location.origin) return;
      // wouter's Link follows only a click nobody prevented; neither does the browser.
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      setPending(() => () => navigate(to));
    }

    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (!guarding()) return;
      event.preventDefault();
      // Older browsers show their prompt only when a return value is set.
      event.returnValue = "";
    }

    const releaseBack = guardBack(onBack);
    document.addEventListener("click", onLinkClick, { capture: true });
    addEventListener("beforeunload", onBeforeUnload);
    return () => {
      releaseBack();
      document.removeEventListener("click", onLinkClick, { capture: true });
      removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [dirty, navigate]);

  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (dirty) setPending(() => leave);
      else leave();
    },
    [dirty],
  );

  const discard = useCallback(() => {
    const leave = pending;
    if (!leave) return;
    leaving.current = true;
    setPending(undefined);
    leave();
  }, [pending]);

  const keepEditing = useCallback(() => setPending(undefined), []);
  const setSaving = useCallback((value: boolean) => {
    saving.current = value;
  }, []);

  return { pending, confirmLeave, discard, keepEditing, setSaving };
}
