import { paths } from "../paths";
import { Link } from "../routing/Link";
import buttons from "../ui/buttons.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import panel from "../ui/panel.module.css";
import { NotFound } from "../ui/StatusPanel";
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

/** The app's one not-found design, as the unknown address and the delete dialog show it too. */
export function ThoughtNotFound() {
  usePageTitle("Pensamento não encontrado");
  return (
    <NotFound
      title="Pensamento não encontrado"
      text="Ele pode ter sido excluído, ou o endereço está incompleto."
    >
      <Link to={paths.wall} className={buttons.secondary}>
        Voltar para o mural
      </Link>
    </NotFound>
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
