import buttons from "../ui/buttons.module.css";
import { NotFound } from "../ui/StatusPanel";

interface RemovalNotFoundProps {
  ids: { title: string; text: string };
  onBack: () => void;
}

/** The not-found design of the whole app, inside the dialog: its heading and text name the dialog. */
export function RemovalNotFound({ ids, onBack }: RemovalNotFoundProps) {
  return (
    <NotFound
      level={2}
      framed={false}
      ids={ids}
      title="Pensamento não encontrado"
      text="Ele pode já ter sido excluído, ou o endereço está incompleto."
    >
      {/* Mounted after the dialog opened when the server says 404, so it takes the focus itself. */}
      {/* biome-ignore lint/a11y/noAutofocus: the dialog's only way out must hold the focus inside it. */}
      <button type="button" className={buttons.secondary} data-autofocus autoFocus onClick={onBack}>
        Voltar para o mural
      </button>
    </NotFound>
  );
}
