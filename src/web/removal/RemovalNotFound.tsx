import buttons from "../ui/buttons.module.css";
import styles from "./RemovalDialog.module.css";

interface RemovalNotFoundProps {
  ids: { title: string; text: string };
  onBack: () => void;
}

export function RemovalNotFound({ ids, onBack }: RemovalNotFoundProps) {
  return (
    <>
      <h2 id={ids.title} className={styles.title}>
        Pensamento não encontrado
      </h2>
      <p id={ids.text} className={styles.text}>
        Ele pode já ter sido excluído, ou o endereço está incompleto.
      </p>
      <div className={styles.actions}>
        {/* Mounted after the dialog opened when the server says 404, so it takes the focus itself. */}
        {/* biome-ignore lint/a11y/noAutofocus: the dialog's only way out must hold the focus inside it. */}
        <button type="button" className={buttons.secondary} data-autofocus autoFocus onClick={onBack}>
          Voltar para o mural
        </button>
      </div>
    </>
  );
}
