import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { matchPath, useLocation, useNavigate } from "react-router";
import { loadListThrough } from "../api/list-through";
import { paths } from "../paths";
import { type SavedThought, useAppState } from "../routing/app-state";
import { focusElement } from "../routing/focus";
import { wallCard } from "../routing/focus-after-removal";
import { screenOf } from "../routing/screens";
import { whenCardShown } from "../routing/when-card-shown";
import buttons from "../ui/buttons.module.css";
import foot from "../ui/FootLine.module.css";
import { useClearOfCardControls } from "../ui/useClearOfCardControls";
import { useShortcuts } from "../ui/useShortcuts";
import styles from "./SavedLine.module.css";

/**
 * How long the line stays once seen (shown while the page is in view), unless the pointer or the focus
 * rests on it: then it waits, and has this long again once they leave (WCAG 2.2.1, timing adjustable).
 */
export const SAVED_MS = 4_000;

const onForm = (path: string) => path === paths.create || matchPath(paths.patterns.edit, path) !== null;

/**
 * 'Pensamento salvo.' with 'Ver no mural' (or the key v), at the foot of the screen the save returned to:
 * the wall in the view the user was in (favourites, a search), or the screen the form was opened from.
 * There, a card of the thought is marked a moment. 'Ver no mural' shows the thought's card on that screen
 * if it is there, else on the whole wall (where a new thought comes first): scrolled into view, focused and
 * marked. The line goes about four seconds after it is seen, or as soon as the user moves to another screen;
 * a line of the wall's undo replaces it (one line at a time, see app-state).
 */
export function SavedLine({ saved }: { saved: SavedThought }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screen = screenOf(pathname);
  // The screen the save came back to, once the form has left; drawn there only.
  const [home, setHome] = useState<string>();
  const [held, setHeld] = useState(false);
  const [going, setGoing] = useState(false);
  const { id } = saved.thought;
  const app = useAppState();
  const { markCard } = app;
  const endLine = app.saved.clear;
  const box = useRef<HTMLDivElement>(null);
  useClearOfCardControls(box, home !== undefined);

  /** The card on screen, marked a moment and focused, so the eye and the keyboard find the thought there. */
  function reveal(card: HTMLElement) {
    card.scrollIntoView({ block: "center" });
    focusElement(card, { preventScroll: true });
    markCard(id);
    endLine();
  }

  useEffect(() => {
    if (home === undefined) {
      if (onForm(pathname)) return;
      setHome(screen);
      markCard(id);
    } else if (screen !== home) {
      endLine();
    }
  }, [home, screen, pathname, id, markCard, endLine]);

  useEffect(() => {
    if (home === undefined || held) return;
    // Counted from when the page is in view: a save that returns to a tab in the background waits to be seen.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const countWhenSeen = () => {
      if (timer === undefined && document.visibilityState === "visible")
        timer = setTimeout(endLine, SAVED_MS);
    };
    countWhenSeen();
    document.addEventListener("visibilitychange", countWhenSeen);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", countWhenSeen);
    };
  }, [home, held, endLine]);

  async function showOnWall() {
    const here = screen === paths.wall ? wallCard(id) : undefined;
    if (here) return reveal(here);
    if (going) return;
    setGoing(true);
    // A failure here leaves the wall to load its first page itself, and to say so if it cannot. A thought
    // waiting on this device is drawn from the outbox, at the top of the wall or over its card.
    if (!saved.queued) await loadListThrough(queryClient, { favorites: false }, id).catch(() => false);
    whenCardShown(id, reveal, { onGiveUp: endLine });
    // Already on the whole wall (its pages just reached the card): no second history entry for it.
    if (screen !== paths.wall || search !== "") void navigate(paths.wall);
  }

  useShortcuts({ v: () => (home === undefined ? false : void showOnWall()) });

  if (home === undefined) return null;
  return (
    <div
      ref={box}
      role="status"
      className={`${foot.line} ${styles.line}`}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <span>
        {saved.queued
          ? "Guardado neste aparelho: será enviado quando a conexão voltar."
          : "Pensamento salvo."}
      </span>
      <button
        type="button"
        className={buttons.compact}
        aria-keyshortcuts="v"
        aria-disabled={going || undefined}
        onClick={() => void showOnWall()}
      >
        Ver no mural
      </button>
    </div>
  );
}
