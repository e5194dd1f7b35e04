import { Link } from "wouter";
import { paths } from "../paths";
import { ErrorNotice } from "../ui/ErrorNotice";
import panel from "../ui/panel.module.css";
import { usePageTitle } from "../ui/usePageTitle";
import styles from "./EditorStatus.module.css";

/** Until the thought arrives the form is not drawn, so nobody edits (or saves) blank fields by mistake. */
export function EditorLoading() {
  usePageTitle("Editar pensamento");
  return (
    <div className={`${panel.surface} ${styles.status}`}>
      <h1 className={`${panel.heading} ${styles.title}`}>Editar pensamento</h1>
      <p role="status" className={styles.loading}>
        Carregando pensamento…
      </p>
    </div>
  );
}

export function ThoughtNotFound() {
  usePageTitle("Pensamento não encontrado");
  return (
    <div className={`${panel.surface} ${styles.status}`}>
      <h1 className={`${panel.heading} ${styles.title}`}>Pensamento não encontrado</h1>
      <p>Ele pode ter sido excluído, ou o endereço está incompleto.</p>
      <Link href={paths.wall} className={styles.back}>
        Voltar para o mural
      </Link>
    </div>
  );
}

/** The thought could not be loaded (network, server): say so, and offer to ask again. */
export function EditorFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={`${panel.surface} ${styles.status}`}>
      <h1 className={`${panel.heading} ${styles.title}`}>Editar pensamento</h1>
      <ErrorNotice message={message} onRetry={onRetry} />
    </div>
  );
}
