import { useId } from "react";
import buttons from "../ui/buttons.module.css";
import dialog from "../ui/dialog.module.css";
import { ModalDialog } from "../ui/ModalDialog";

interface DiscardDialogProps {
  onDiscard: () => void;
  /** 'Continuar editando', Esc, or a click on the overlay: nothing typed is lost. */
  onKeepEditing: () => void;
}

/** 'Descartar alterações?': the delete dialog's modal, so both questions look and behave alike. */
export function DiscardDialog({ onDiscard, onKeepEditing }: DiscardDialogProps) {
  const ids = { title: useId(), text: useId() };
  return (
    <ModalDialog labelledBy={ids.title} describedBy={ids.text} onDismiss={onKeepEditing}>
      <h2 id={ids.title} className={dialog.title}>
        Descartar alterações?
      </h2>
      <p id={ids.text} className={dialog.text}>
        O que você escreveu ainda não foi salvo e será perdido.
      </p>
      <div className={dialog.actions}>
        {/* The choice that loses nothing has the focus first, as in the delete dialog. */}
        <button type="button" className={buttons.secondary} data-autofocus onClick={onKeepEditing}>
          Continuar editando
        </button>
        <button type="button" className={buttons.danger} onClick={onDiscard}>
          Descartar
        </button>
      </div>
    </ModalDialog>
  );
}
