import { useEffect, useRef } from "react";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import section from "../ui/section.module.css";
import { bookmarkletCode } from "./bookmarklet";
import styles from "./CaptureSection.module.css";

/**
 * More ways in, on the import screen: the bookmarklet (a link to drag to the bookmarks bar), the list of
 * imports with their undo, and the e-reader's inbox in the settings.
 */
export function CaptureSection() {
  const link = useRef<HTMLAnchorElement>(null);
  const code = bookmarkletCode(typeof location === "undefined" ? "" : location.origin);
  // React refuses a javascript: address in href (it writes a throwing one instead): set it as the DOM's.
  useEffect(() => {
    link.current?.setAttribute("href", code);
  }, [code]);
  return (
    <section className={section.section} aria-labelledby="capture-title">
      <h2 id="capture-title" className={section.title}>
        Capturar de qualquer lugar
      </h2>
      <p className={section.text}>
        Arraste o botão abaixo para a barra de favoritos do navegador. Em qualquer página, selecione um trecho
        e clique nele: o Memoteca abre 'Novo pensamento' com o trecho, o título da página e o endereço que
        leva de volta ao trecho.
      </p>
      <p>
        <a
          ref={link}
          className={styles.bookmarklet}
          data-bookmarklet=""
          onClick={(event) => event.preventDefault()}
          // Until the effect sets the script: a harmless address, never followed (the click is prevented).
          href={paths.create}
        >
          Salvar no Memoteca
        </a>
      </p>
      <p className={section.text}>
        No celular Android, com o app instalado, use 'Compartilhar' em outro app e escolha Memoteca.
      </p>
      <ul className={styles.links}>
        <li>
          <Link to={paths.imports}>Importações: ver e desfazer importações</Link>
        </li>
        <li>
          <Link to={paths.settings}>Configurações: endereço de entrada para o KOReader</Link>
        </li>
      </ul>
    </section>
  );
}
