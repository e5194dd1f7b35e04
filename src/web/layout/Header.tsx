import { Link } from "react-router";
import { paths } from "../paths";
import styles from "./Header.module.css";
import { Logo } from "./Logo";
import { SignOutButton } from "./SignOutButton";

export function Header() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.wall} className={styles.brand} aria-label="Memoteca, ir para o mural">
          <Logo />
        </Link>
        <div className={styles.end}>
          <p className={styles.tagline}>
            Guarde trechos de músicas, citações de livros, pensamentos e suas melhores ideias.
          </p>
          <Link to={paths.labels} className={styles.tool}>
            Etiquetas
          </Link>
          <Link to={paths.trash} className={styles.tool}>
            Lixeira
          </Link>
          <Link to={paths.importExport} className={styles.tool}>
            Importar e exportar
          </Link>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
