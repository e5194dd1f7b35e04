import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Thought } from "../../domain/contract";
import { errorMessage, isOfflineError } from "../api/client";
import { useDeleteThought } from "../api/use-delete-thought";
import { isNotFound, thoughtOnAWall, useThought } from "../api/use-thought";
import { isStale } from "../api/versions";
import { useAppState } from "../routing/app-state";
import { focusAfterRemoval } from "../routing/focus-after-removal";
import { ConfirmActions } from "../ui/ConfirmActions";
import styles from "../ui/dialog.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import { ThoughtExcerpt } from "../ui/ThoughtExcerpt";
import { useLeaveToWall } from "../ui/useLeaveToWall";
import { RemovalNotFound } from "./RemovalNotFound";

interface ConfirmRemovalProps {
  id: number;
  ids: { title: string; text: string };
  onCancel: () => void;
}

export function ConfirmRemoval({ id, ids, onCancel }: ConfirmRemovalProps) {
  // Frozen when Excluir is pressed: the dialog keeps showing it while the cache forgets the thought.
  const [deleting, setDeleting] = useState<Thought>();
  const thought = useThought(id, { enabled: deleting === undefined, fromWall: true });
  const client = useQueryClient();
  // Offline with no copy of its own, the wall's: the deletion waits on this device, naming that version.
  const loaded = thought.data ?? (isOfflineError(thought.error) ? thoughtOnAWall(client, id) : undefined);
  const remove = useDeleteThought();
  const leave = useLeaveToWall();
  const { undo } = useAppState();
  const shown = deleting ?? loaded;

  if (!shown && isNotFound(thought.error)) return <RemovalNotFound ids={ids} onBack={onCancel} />;

  function confirm() {
    if (!loaded || deleting) return;
    const deleted = loaded;
    setDeleting(deleted);
    // Noted while the card is still on the wall behind the dialog: once it is gone and the dialog closed,
    // the focus goes to the next card, not the page body. (By the time the deletion answers, the wall has
    // already been fetched again without it.)
    const stopFocusWait = focusAfterRemoval(deleted.id, { within: 60_000 });
    remove.mutate(id, {
      onSuccess: ({ queued }) => {
        // Back to the wall's own entry (its search and mode with it), so Forward is the only way to this
        // dialog again, and it says the thought is gone.
        leave();
        // Waiting on this device, it is in no trash yet: nothing to undo, and its card says it waits.
        if (!queued) undo.set({ kind: "deleted", thought: deleted });
      },
      onError: () => {
        stopFocusWait();
        setDeleting(undefined);
      },
    });
  }

  const busy = deleting !== undefined;
  return (
    <>
      <h2 id={ids.title} className={styles.title}>
        Excluir pensamento
      </h2>
      <p id={ids.text} className={styles.text}>
        O pensamento será deletado. Confirma a exclusão?
      </p>
      <p className={styles.text}>Ele fica na Lixeira por 30 dias.</p>
      <ThoughtExcerpt thought={shown} error={thought.error} onRetry={() => void thought.refetch()} />
      {remove.isError && !busy ? (
        <ErrorNotice
          message={
            isStale(remove.error)
              ? "O pensamento não foi excluído: ele mudou em outro aparelho. Confira o texto de agora, acima, e confirme de novo."
              : `O pensamento não foi excluído. ${errorMessage(remove.error)}`
          }
          onRetry={confirm}
        />
      ) : null}
      <ConfirmActions
        confirmLabel="Excluir"
        busyLabel="Excluindo…"
        busy={busy}
        ready={loaded !== undefined}
        onConfirm={confirm}
        onCancel={onCancel}
      />
    </>
  );
}
