import styles from "./Footer.module.css";

export function Footer() {
  return (
    <footer className={styles.footer}>
      <p className={styles.text}>© 2022 Memoteca. Todos os direitos reservados.</p>
    </footer>
  );
}
