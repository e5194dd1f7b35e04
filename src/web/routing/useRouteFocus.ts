import { useLayoutEffect, useRef } from "react";
import { useLocation, useSearch } from "wouter";
import { focusElement, focusIsLost, screenHeading } from "./focus";
import { type Arrival, arrive } from "./navigation-memory";
import { screenOf } from "./screens";

/** Puts the window where the user expects it on arriving: where it was on Back/Forward, else at the top. */
function placeScroll(arrival: Arrival, newScreen: boolean): void {
  if (arrival.kind === "pop" && arrival.scrollY !== undefined) window.scrollTo(0, arrival.scrollY);
  else if (newScreen) window.scrollTo(0, 0);
}

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
 * After a route change the focus goes to the new screen's heading (`main h1`), so keyboard and screen
 * reader users start reading the new screen instead of falling back to the top of the document; Back and
 * Forward also put the window's scroll back (see navigation-memory.ts). Not on the first load (the browser
 * starts at the top anyway, and a reader announces the page), not when only the query changes (the wall's
 * search and mode live in it: typing must keep the focus in the search box), and not when a dialog drawn
 * over the screen opens or closes (it handles the focus itself).
 */
export function useRouteFocus(): void {
  const [path] = useLocation();
  const search = useSearch();
  const screen = screenOf(path);
  // Whether the first screen's heading was drawn: route changes before it are redirects of the first load.
  const settled = useRef(false);
  const previous = useRef(screen);

  // A layout effect: the scroll is placed before the browser paints the new screen at the old position.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per address; `search` is its query.
  useLayoutEffect(() => {
    const arrival = arrive();
    const newScreen = previous.current !== screen;
    previous.current = screen;
    const focusedBefore = document.activeElement;
    let placed = false;
    let focused: HTMLElement | undefined;

    return watchHeading((heading) => {
      if (!placed) {
        placed = true;
        if (arrival) placeScroll(arrival, newScreen);
      }
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
      // preventScroll: the scroll was just placed (restored, on Back), and reaching the heading would undo it.
      focusElement(heading, { preventScroll: true });
      focused = heading;
      return true;
    });
  }, [screen, search]);
}
