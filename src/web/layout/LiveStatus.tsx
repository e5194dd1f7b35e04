import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { StreamState } from "../live/live-stream";
import styles from "./LiveStatus.module.css";

/** How long the browser may wait for an idle moment before the live updates start anyway. */
const START_WITHIN_MS = 3000;

/**
 * Starts the live updates once the page has loaded and the browser is idle (their code arrives then, in a
 * chunk of its own: the wall's first visit carries only these lines), and says quietly, in the header's
 * menu, whether they are on: 'Ao vivo', or 'Reconectando…' while the stream is down. Nothing until then.
 */
export function LiveStatus() {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    let idle: number | undefined;
    const start = () => {
      import("../live/start-live").then(
        ({ startLive }) => {
          if (!left) stop = startLive(client, setState);
        },
        // Its code did not arrive: the app works as before, refreshed by the user.
        () => {},
      );
    };
    const whenIdle = () => {
      idle =
        typeof requestIdleCallback === "function"
          ? requestIdleCallback(start, { timeout: START_WITHIN_MS })
          : window.setTimeout(start, 1);
    };
    if (document.readyState === "complete") whenIdle();
    else addEventListener("load", whenIdle, { once: true });
    return () => {
      left = true;
      removeEventListener("load", whenIdle);
      if (idle !== undefined) {
        if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
        else clearTimeout(idle);
      }
      stop?.();
    };
  }, [client]);
  if (!state) return null;
  const text = state === "open" ? "Ao vivo" : "Reconectando…";
  return (
    <p
      role="status"
      aria-label="Atualizações ao vivo"
      className={styles.live}
      data-state={state}
      title={text}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.text}>{text}</span>
    </p>
  );
}
