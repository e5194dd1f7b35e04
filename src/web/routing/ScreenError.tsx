import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { paths } from "../paths";
import buttons from "../ui/buttons.module.css";
import { FailurePanel } from "../ui/StatusPanel";
import { usePageTitle } from "../ui/usePageTitle";

/**
 * What a screen that failed to draw shows instead of a blank page. The usual cause is code that could not
 * be fetched: the server restarting, or a tab left open across an update whose old files are gone; a
 * reload fetches the current ones.
 */
export function ScreenError({ onReset }: { onReset: () => void }) {
  usePageTitle("Algo deu errado");
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen the user asked for turned into this one: reading starts at its heading, not at the page's top.
  useEffect(() => heading.current?.focus(), []);
  return (
    <FailurePanel
      title="Algo deu errado"
      text="Não foi possível carregar esta tela. Talvez a Memoteca tenha sido atualizada: recarregue a página para continuar."
      headingRef={heading}
    >
      <button type="button" className={buttons.primary} onClick={() => location.reload()}>
        Recarregar
      </button>
      {/* Also resets when already at the wall's address, where following the link changes nothing. */}
      <Link href={paths.wall} className={buttons.secondary} onClick={onReset}>
        Voltar ao mural
      </Link>
    </FailurePanel>
  );
}
