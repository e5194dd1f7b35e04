import { useOutboxView } from "../api/outbox/outbox-state";
import { useOnline } from "../ui/connection";
import styles from "./offline.module.css";

/** 'Aguardando conexão · 3', 'Enviando · 3', or how many writes the server did not take (said on their cards). */
export function outboxText(waiting: number, held: number, online: boolean): string | undefined {
  if (waiting + held === 0) return undefined;
  if (!online) return `Aguardando conexão · ${waiting + held}`;
  if (waiting > 0) return `Enviando · ${waiting}`;
  return held === 1 ? "1 alteração não enviada" : `${held} alterações não enviadas`;
}

/**
 * The writes that wait on this device, as a quiet line that stays at the top of the screen while the page
 * scrolls. Loaded by the layout only once the outbox holds something.
 */
export function OutboxStatus() {
  const entries = useOutboxView()?.entries ?? [];
  const online = useOnline();
  const waiting = entries.filter((entry) => entry.state === "waiting").length;
  const text = outboxText(waiting, entries.length - waiting, online);
  return text ? (
    <p role="status" className={styles.outbox}>
      {text}
    </p>
  ) : null;
}
