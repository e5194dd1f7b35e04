import type { TrashedThought } from "../../domain/contract";
import { ConfirmDialog, type ConfirmState } from "../ui/ConfirmDialog";
import { ThoughtExcerpt } from "../ui/ThoughtExcerpt";

interface ForeverDialogProps extends ConfirmState {
  thought: TrashedThought;
}

/** 'Excluir para sempre' asks first: unlike a deletion, this one has no way back. */
export function ForeverDialog({ thought, ...state }: ForeverDialogProps) {
  return (
    <ConfirmDialog
      title="Excluir para sempre"
      text="O pensamento será apagado definitivamente. Essa ação não pode ser desfeita."
      failure="O pensamento não foi apagado."
      confirmLabel="Excluir para sempre"
      busyLabel="Apagando…"
      {...state}
    >
      <ThoughtExcerpt thought={thought} error={null} onRetry={() => undefined} />
    </ConfirmDialog>
  );
}
