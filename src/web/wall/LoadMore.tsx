import { notifyManager } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { afterNextPaint } from "../api/after-paint";
import buttons from "../ui/buttons.module.css";
import styles from "./WallPage.module.css";

interface LoadMoreProps {
  hasMore: boolean;
  busy: boolean;
  onLoadMore: () => void;
}

/**
 * 'Carregar mais', or the end of the wall once X-Total-Count says everything is shown. A press shows the
 * button busy at once, drawn by the button alone; the fetch starts once that frame is painted (its own work
 * is some milliseconds of a slow phone's thread), and the list's busy state takes over from there.
 */
export function LoadMore({ hasMore, busy: fetching, onLoadMore }: LoadMoreProps) {
  const [starting, setStarting] = useState(false);
  const busy = fetching || starting;
  const pressed = useRef(false);
  // Pressed while a fetch or a favorite change was on its way (the live stream's refetch may start just
  // before a tap lands): kept, and honoured once the button is free, so that a press is never lost.
  const waiting = useRef(false);
  const end = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (busy || !waiting.current) return;
    waiting.current = false;
    if (!hasMore) return;
    pressed.current = true;
    onLoadMore();
  }, [busy, hasMore, onLoadMore]);
  useEffect(() => {
    // The button vanishes under the keyboard user's focus when the last page arrives: keep the focus here.
    if (!hasMore && pressed.current) end.current?.focus();
    pressed.current = false;
  }, [hasMore]);

  if (!hasMore) {
    return (
      <p ref={end} tabIndex={-1} className={styles.end}>
        Não há mais pensamentos para exibir
      </p>
    );
  }
  return (
    <div className={styles.more}>
      <button
        type="button"
        // A primary button of the one family, with no shadow of its own at rest.
        className={buttons.primary}
        aria-disabled={busy}
        onClick={() => {
          // Waiting out a fetch or a favorite change keeps pages on the server's real offsets.
          if (busy) {
            waiting.current = true;
            return;
          }
          pressed.current = true;
          setStarting(true);
          void afterNextPaint().then(() => {
            onLoadMore();
            // Let go once the views hear of the fetch (queued behind its news): the spinner never blinks.
            notifyManager.schedule(() => setStarting(false));
          });
        }}
      >
        {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
        Carregar mais
      </button>
    </div>
  );
}
