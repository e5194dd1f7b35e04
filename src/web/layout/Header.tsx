import { paths } from "../paths";
import { Link } from "../routing/Link";
import styles from "./Header.module.css";
import { HeaderMenu } from "./HeaderMenu";
import { Logo } from "./Logo";

/**
 * One row on a wide screen: the logo, the tagline, the links and 'Sair'. Narrower, the links and 'Sair'
 * fold into 'Menu', and on a phone the tagline takes a short second row, so the screen starts with words.
 */
export function Header() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.wall} className={styles.brand} aria-label="Memoteca, ir para o mural">
          <Logo />
        </Link>
        <p className={styles.tagline}>
          Guarde trechos de músicas, citações de livros, pensamentos e suas melhores ideias.
        </p>
        <HeaderMenu />
      </div>
    </header>
  );
}
