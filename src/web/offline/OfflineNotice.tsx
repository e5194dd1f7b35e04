import { type KeptWall, keptWall } from "../routing/kept-wall";
import { useValue } from "../routing/value-store";
import { useOnline } from "../ui/connection";
import { madeWhenUsed } from "../ui/made-when-used";
import styles from "./offline.module.css";

/** Made when first needed (offline, rarely), not as the entry is evaluated: see madeWhenUsed. */
const day = madeWhenUsed(() => new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "short" }));
const dayOf = (at: number) => day().format(at);

/**
 * What the notice says: on the wall, how many thoughts it shows and from when, or that none is kept here;
 * elsewhere only that the connection is gone (each screen says what it needs it for). Never a promise of
 * kept thoughts above a wall that has none.
 */
export function offlineText(kept: KeptWall | null | undefined): string {
  if (kept === undefined) return "Sem conexão.";
  if (kept === null || kept.shown === 0)
    return "Sem conexão — nada desta página está guardado neste aparelho.";
  const count = kept.shown === 1 ? "1 pensamento guardado" : `${kept.shown} pensamentos guardados`;
  const when = kept.at === undefined ? "" : ` em ${dayOf(kept.at)}`;
  // 'em 3 de mar.' already ends the sentence.
  return `Sem conexão — mostrando ${count}${when}${when.endsWith(".") ? "" : "."}`;
}

/**
 * 'Sem conexão' while the browser is offline. The live region is always in the page, so that screen
 * readers already watch it when the notice comes; it is a status only while it says something, so an
 * empty one is never found among the page's statuses.
 */
export function OfflineNotice() {
  const online = useOnline();
  const kept = useValue(keptWall);
  return (
    <div
      aria-live="polite"
      role={online ? undefined : "status"}
      className={online ? "visually-hidden" : styles.bar}
    >
      {online ? null : offlineText(kept)}
    </div>
  );
}
