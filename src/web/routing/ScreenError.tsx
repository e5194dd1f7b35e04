import { useEffect, useRef } from "react";
import { paths } from "../paths";
import buttons from "../ui/buttons.module.css";
import { FailurePanel } from "../ui/StatusPanel";
import { usePageTitle } from "../ui/usePageTitle";
import { Link } from "./Link";
import { forgetFailedScreens } from "./lazy-screen";

/**
 * What a screen that failed to draw shows instead of a blank page: the `errorElement` of every route. The
 * usual cause is code that could not be fetched: the server restarting, or a tab left open across an
 * update whose old files are gone; a reload fetches the current ones. The router draws the screen again
 * at the next address (Back, a link). A part of a screen loaded on demand (a dialog, a line) is fetched
 * afresh then; a route's own code is not: React Router keeps a failed route `lazy` until the page reloads.
 */
export function ScreenError() {
  usePageTitle("Algo deu errado");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    forgetFailedScreens();
    // The screen the user asked for turned into this one: reading starts at its heading, not at the page's top.
    heading.current?.focus();
  }, []);
  return (
    <FailurePanel
      title="Algo deu errado"
      // Short: it is part of the wall's first visit, whose script is held to its budget byte by byte.
      text="Não foi possível carregar esta tela. Recarregue a página para continuar."
      headingRef={heading}
    >
      <button type="button" className={buttons.primary} onClick={() => location.reload()}>
        Recarregar
      </button>
      {/* At the wall's own address too: a new entry, so the router draws the wall again. */}
      <Link to={paths.wall} className={buttons.secondary}>
        Voltar ao mural
      </Link>
    </FailurePanel>
  );
}

/** The last resort, should the header or footer fail too: the message brings its own main landmark. */
export function AppError() {
  return (
    <main>
      <ScreenError />
    </main>
  );
}
