import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import styles from "./Header.module.css";
import { LiveStatus } from "./LiveStatus";
import { SignOutButton } from "./SignOutButton";
import { ThemeSwitch } from "./ThemeSwitch";

const MENU_ID = "menu";

/** The screens past the wall, in the menu's order: as data, so each costs the first visit a few bytes. */
const tools = [
  [paths.authors, "Autores"],
  [paths.sources, "Fontes"],
  [paths.labels, "Etiquetas"],
  [paths.trash, "Lixeira"],
  [paths.importExport, "Importar e exportar"],
] as const;

/**
 * The header's links, 'Tema', 'Sair' and whether the wall is live ('Ao vivo'): in the row on a wide screen,
 * behind 'Menu' on a narrower one. The panel is a popover: the browser opens and closes it from the button
 * (mouse, touch, keyboard, even before the script runs), closes it on Esc or a tap outside, and gives the
 * focus back to 'Menu' when it held it.
 * The script only mirrors its state in aria-expanded, and closes it once a link has led elsewhere.
 */
export function HeaderMenu() {
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const path = useLocation().pathname;
  // Each new address closes the menu; not the one it was drawn at: opened by the browser before the app was
  // in (a tap on the server's HTML), it stays open, and its state, whose toggle went unheard, is read here.
  const drawnAt = useRef(path);
  useEffect(() => {
    const shown = panel.current?.matches(":popover-open") ?? false;
    if (path === drawnAt.current) {
      setOpen(shown);
      return;
    }
    drawnAt.current = path;
    if (shown) panel.current?.hidePopover();
  }, [path]);
  return (
    <nav className={styles.nav} aria-label="Ferramentas">
      <button
        type="button"
        className={styles.menuButton}
        popoverTarget={MENU_ID}
        aria-controls={MENU_ID}
        aria-expanded={open}
      >
        <span className={styles.menuIcon} aria-hidden="true" />
        Menu
      </button>
      <div
        ref={panel}
        id={MENU_ID}
        popover="auto"
        className={styles.menu}
        onToggle={(event) => setOpen(event.newState === "open")}
      >
        {tools.map(([to, name]) => (
          <Link key={to} to={to} className={styles.tool}>
            {name}
          </Link>
        ))}
        <ThemeSwitch />
        <SignOutButton />
        <LiveStatus />
      </div>
    </nav>
  );
}
