import { ConfirmDialog, type ConfirmState } from "../ui/ConfirmDialog";
import { emptyTrashQuestion } from "./trash-texts";

interface EmptyTrashDialogProps extends ConfirmState {
  /** How many thoughts the trash holds, as the screen last heard. */
  total: number;
}

/** 'Esvaziar lixeira' asks first, saying how many thoughts go for good: there is no way back. */
export function EmptyTrashDialog({ total, ...state }: EmptyTrashDialogProps) {
  return (
    <ConfirmDialog
      title="Esvaziar lixeira?"
      text={emptyTrashQuestion(total)}
      failure="A lixeira não foi esvaziada."
      confirmLabel="Esvaziar lixeira"
      busyLabel="Esvaziando…"
      {...state}
    />
  );
}
