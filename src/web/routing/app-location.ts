import { useCallback } from "react";
import { useLocation as useWouterLocation } from "wouter";
import { navigate as browserNavigate, useBrowserLocation } from "wouter/use-browser-location";
import { noteNavigation, watchNavigations } from "./navigation-memory";

/**
 * How many entries deep into the app's own history the current one is: 0 for the entry the app was opened
 * at (typed, a bookmark, a reload of it), one more for each entry the app pushed. Kept in the history
 * entry's state, so Back, Forward and a reload find it again.
 */
interface EntryState {
  depth?: number;
}

function currentDepth(): number {
  const state: unknown = typeof history === "undefined" ? null : history.state;
  const depth = (state as EntryState | null)?.depth;
  return typeof depth === "number" ? depth : 0;
}

type NavigateOptions = { replace?: boolean };

/**
 * The browser's address, for wouter's Router: its navigations record their depth (see EntryState). On the
 * server, the Router's `ssrPath` stands in for the address; the browser's first render then reads the
 * same path, so hydration matches.
 */
export function useAppLocation(
  router: { ssrPath?: string } = {},
): [string, (to: string, options?: NavigateOptions) => void] {
  watchNavigations();
  const [path] = useBrowserLocation(router);
  return [path, appNavigate];
}

function appNavigate(to: string, { replace = false }: NavigateOptions = {}) {
  const depth = currentDepth() + (replace ? 0 : 1);
  // The same address again draws nothing new: no arrival would consume the note.
  if (to !== `${location.pathname}${location.search}`) noteNavigation(replace);
  browserNavigate(to, { replace, state: { depth } satisfies EntryState });
}

/** Whether Back stays inside the app: the current entry was pushed by the app itself. */
export function canGoBackInApp(): boolean {
  return currentDepth() > 0;
}

/** The router's navigate, for code that moves on after an action (a save, a confirmation). */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const [, navigate] = useWouterLocation();
  return useCallback((to: string, options?: NavigateOptions) => navigate(to, options), [navigate]);
}
