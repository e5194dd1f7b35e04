import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import styles from "./LiveState.module.css";
import type { StreamState } from "./live-stream";
import { startLive } from "./start-live";

/**
 * Starts the live updates and says quietly, in the header's menu, whether they are on: 'Ao vivo', or
 * 'Reconectando…' while the stream is down; nothing until the stream has said. Comes with the forms' chunk,
 * drawn once the page has loaded and settled (layout/LiveStatus.tsx): the wall's first visit carries none of it.
 */
export function LiveState() {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>();
  useEffect(() => startLive(client, setState), [client]);
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
