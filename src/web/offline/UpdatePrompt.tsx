import { useValue } from "../routing/value-store";
import buttons from "../ui/buttons.module.css";
import styles from "./offline.module.css";
import { pendingUpdate } from "./pending-update";

/**
 * 'Nova versão disponível' with 'Recarregar' once a new version of the app waits: the user moves to it
 * when they choose, never stuck on the old one and never reloaded in the middle of typing. Like the
 * offline notice, a live region always in the page, and a status only while it offers something.
 */
export function UpdatePrompt() {
  const activate = useValue(pendingUpdate);
  return (
    <div
      aria-live="polite"
      role={activate ? "status" : undefined}
      className={activate ? styles.bar : "visually-hidden"}
    >
      {activate ? (
        <>
          <span>Nova versão disponível.</span>
          <button type="button" className={buttons.compact} onClick={activate}>
            Recarregar
          </button>
        </>
      ) : null}
    </div>
  );
}
