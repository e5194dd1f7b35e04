import { useOnline } from "./connection";
import styles from "./offline.module.css";

/**
 * 'Sem conexão' while the browser is offline. The live region is always in the page, so that screen
 * readers already watch it when the notice comes; it is a status only while it says something, so an
 * empty one is never found among the page's statuses.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div
      aria-live="polite"
      role={online ? undefined : "status"}
      className={online ? "visually-hidden" : styles.bar}
    >
      {online ? null : "Sem conexão — mostrando os pensamentos guardados neste aparelho."}
    </div>
  );
}
