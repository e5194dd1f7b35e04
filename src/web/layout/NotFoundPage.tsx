import { Link } from "wouter";
import { paths } from "../paths";
import { usePageTitle } from "../ui/usePageTitle";
import styles from "./NotFoundPage.module.css";

export function NotFoundPage() {
  usePageTitle("Página não encontrada");
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title">Página não encontrada</h1>
      <p>O endereço que você abriu não existe na Memoteca.</p>
      <Link href={paths.wall}>Voltar para o mural</Link>
    </section>
  );
}
