import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { loadForms } from "../chunks";
import type { StreamState } from "../live/live-stream";
import styles from "./LiveStatus.module.css";

/**
 * How long the page must have loaded before the live updates start: past its first paint and the moments
 * in which it becomes responsive, as the wall's prefetch waits (router.tsx), since their code comes with the
 * forms' chunk (one dynamic import for all: see forms.ts), which may not have been fetched and run yet.
 */
const SETTLED_MS = 2000;
/** How long the browser may then wait for an idle moment before they start anyway. */
const START_WITHIN_MS = 3000;

/**
 * Starts the live updates once the page has loaded and settled (their code arrives then, with the forms'
 * chunk: the wall's first visit carries only these lines), and says quietly, in the header's menu, whether
 * they are on: 'Ao vivo', or 'Reconectando…' while the stream is down. Nothing until then.
 */
export function LiveStatus() {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>();
  useEffect(() => {
    // A browser without server-sent events (and the tests' jsdom) has nothing to start.
    if (typeof EventSource !== "function") return;
    let stop: (() => void) | undefined;
    let left = false;
    let timer: number | undefined;
    let idle: number | undefined;
    const start = () => {
      loadForms().then(
        (forms) => {
          if (!left) stop = forms.startLive(client, setState);
        },
        // Its code did not arrive: the app works as before, refreshed by the user.
        () => {},
      );
    };
    const whenSettled = () => {
      timer = window.setTimeout(() => {
        if (typeof requestIdleCallback === "function") {
          idle = requestIdleCallback(start, { timeout: START_WITHIN_MS });
        } else start();
      }, SETTLED_MS);
    };
    if (document.readyState === "complete") whenSettled();
    else addEventListener("load", whenSettled, { once: true });
    return () => {
      left = true;
      removeEventListener("load", whenSettled);
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
      stop?.();
    };
  }, [client]);
  if (!state) return null;
  const text = state === "open" ? "Ao vivo" : "Reconectando…";
  return (
    <p
      role="status"
      aria-label="Atualizações ao vivo"
      className={styles.liveState}
      data-state={state}
      title={text}
    >
      <span className={styles.liveDot} aria-hidden="true" />
      <span className={styles.liveText}>{text}</span>
    </p>
  );
}
