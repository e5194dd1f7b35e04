import type { LabelCount } from "../../domain/contract";
import { ConfirmDialog, type ConfirmState } from "../ui/ConfirmDialog";

interface DeleteLabelDialogProps extends ConfirmState {
  label: LabelCount;
}

/** Deleting a label asks first: it leaves every thought that carries it (the thoughts themselves stay). */
export function DeleteLabelDialog({ label, ...state }: DeleteLabelDialogProps) {
  const many = label.total === 1 ? "1 pensamento" : `${label.total} pensamentos`;
  return (
    <ConfirmDialog
      title={`Excluir a etiqueta “${label.nome}”?`}
      text={`Ela sai de ${many}. Os pensamentos continuam no mural.`}
      failure="A etiqueta não foi excluída."
      confirmLabel="Excluir etiqueta"
      busyLabel="Excluindo…"
      {...state}
    />
  );
}
