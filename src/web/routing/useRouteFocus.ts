import { useLayoutEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { focusElement, focusIsLost, screenHeading, screenStart } from "./focus";
import { screenOf } from "./screens";

/**
 * Calls `drawn` with the screen's heading as soon as it is in the page (a lazy screen draws it only once
 * its code arrives), then again whenever the DOM changes while `drawn` keeps returning true. Returns what
 * stops the watch.
 */
function watchHeading(drawn: (heading: HTMLElement) => boolean): () => void {
  const root = document.querySelector("main") ?? document.body;
  let watching = true;
  const observer = new MutationObserver(check);
  function check() {
    const heading = screenHeading();
    if (heading && !drawn(heading)) stop();
  }
  function stop() {
    watching = false;
    observer.disconnect();
  }
  check();
  if (watching) observer.observe(root, { childList: true, subtree: true });
  return stop;
}

/**
 * After a route change the focus goes to the new screen's heading (`main h1`), or to the field the screen
 * is for when it marks one (SCREEN_START), so keyboard and screen reader users start on the new screen instead of falling back to the top of the document. Not on the
 * first load (the browser
 * starts at the top anyway, and a reader announces the page), not when only the query changes (the wall's
 * search and mode live in it: typing must keep the focus in the search box), and not when a dialog drawn
 * over the screen opens or closes (it handles the focus itself).
 */
export function useRouteFocus(): void {
  const { pathname, search } = useLocation();
  const screen = screenOf(pathname);
  // Whether the first screen's heading was drawn: route changes before it are redirects of the first load.
  const settled = useRef(false);
  const previous = useRef(screen);
  // What had the focus when the new screen was drawn: read in the render, before the screen's own layout
  // effects, which may have placed the focus themselves (the form gives it to the field that the keys typed
  // ahead of it reached), so that the effect below tells their choice from a focus left where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again once per address, as the effect runs.
  const focusedAtRender = useMemo(
    () => (typeof document === "undefined" ? null : document.activeElement),
    [screen, search],
  );

  // A layout effect: the heading takes the focus before the browser paints the new screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per address; `search` is its query.
  useLayoutEffect(() => {
    const newScreen = previous.current !== screen;
    previous.current = screen;
    const focusedBefore = focusedAtRender;
    let focused: HTMLElement | undefined;

    return watchHeading((heading) => {
      if (!settled.current) {
        settled.current = true;
        return false;
      }
      if (!newScreen) return false;
      if (focused === undefined) {
        // The user already went somewhere else while the screen loaded: leave the focus there.
        if (document.activeElement !== focusedBefore && !focusIsLost()) return false;
      } else if (focused.isConnected) {
        // Watched while the heading holds the focus: a loading screen's heading gives way to the loaded one's.
        return document.activeElement === focused;
      } else if (!focusIsLost()) {
        return false;
      }
      // preventScroll: the router placed the scroll (restored, on Back), and reaching the heading would undo it.
      focused = screenStart(heading);
      focusElement(focused, { preventScroll: true });
      return true;
    });
  }, [screen, search]);
}
