import { useEffect, useRef, useState } from "react";
import type { TrashedThought } from "../../domain/contract";
import { errorMessage } from "../api/client";
import { useDeleteForever, useEmptyTrash, useRestoreThought, useTrashPages } from "../api/use-trash";
import { useAppState } from "../routing/app-state";
import buttons from "../ui/buttons.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import { ListScreen } from "../ui/ListScreen";
import { loadFailureMessage } from "../ui/load-failure";
import { usePageTitle } from "../ui/usePageTitle";
import { EmptyTrashDialog } from "./EmptyTrashDialog";
import { ForeverDialog } from "./ForeverDialog";
import { TrashItem } from "./TrashItem";
import styles from "./TrashPage.module.css";
import { TRASH_EMPTY, TRASH_INTRO, trashCountMessage, trashEmptiedMessage } from "./trash-texts";
import { withdrawDeletion, withdrawEveryDeletion } from "./withdraw-undo";

/**
 * /lixeira: the deleted thoughts, most recently deleted first, each with 'Restaurar' and 'Excluir para
 * sempre', and 'Esvaziar lixeira' for all of them. After either, the focus goes to the next thought (or the
 * one before, or the heading), never to the page body.
 */
export function TrashPage() {
  usePageTitle("Lixeira");
  const trash = useTrashPages();
  const restore = useRestoreThought();
  const forever = useDeleteForever();
  const emptying = useEmptyTrash();
  const app = useAppState();
  const [confirming, setConfirming] = useState<TrashedThought>();
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);
  const [said, setSaid] = useState("");
  const [now] = useState(Date.now);
  /** Where the focus goes once a thought has left the list: a neighbour's id, or null for the heading. */
  const focusNext = useRef<number | null | undefined>(undefined);

  // After the render that took the thought away and closed any dialog (whose closing moves the focus too).
  useEffect(() => {
    if (focusNext.current === undefined || confirming || confirmingEmpty) return;
    focusAfter(focusNext.current ?? undefined);
    focusNext.current = undefined;
  });

  const thoughts = trash.data?.pages.flatMap((page) => page.items) ?? [];
  const total = trash.data?.pages.at(-1)?.total ?? 0;
  const busy = restore.isPending || forever.isPending || emptying.isPending;

  /** The thought whose buttons get the focus once `thought` has left the list. */
  const neighbourOf = (thought: TrashedThought) => {
    const at = thoughts.findIndex((item) => item.id === thought.id);
    return thoughts[at + 1]?.id ?? thoughts[at - 1]?.id;
  };

  function onRestore(thought: TrashedThought) {
    const next = neighbourOf(thought);
    restore.mutate(thought.id, {
      onSuccess: () => {
        withdrawDeletion(app, thought.id);
        setSaid("Pensamento restaurado. Ele voltou ao mural, no seu lugar.");
        focusNext.current = next ?? null;
      },
      onError: (error) => setSaid(`O pensamento não foi restaurado. ${errorMessage(error)}`),
    });
  }

  function onConfirmForever() {
    if (!confirming) return;
    const next = neighbourOf(confirming);
    const { id } = confirming;
    forever.mutate(id, {
      onSuccess: () => {
        // The wall's 'Desfazer' for it, if still offered, would only fail now.
        withdrawDeletion(app, id);
        focusNext.current = next ?? null;
        setConfirming(undefined);
        setSaid("Pensamento apagado para sempre.");
      },
    });
  }

  function onConfirmEmpty() {
    emptying.mutate(undefined, {
      onSuccess: (count) => {
        // The wall's 'Desfazer' for a thought now gone would only fail.
        withdrawEveryDeletion(app);
        focusNext.current = null;
        setConfirmingEmpty(false);
        setSaid(trashEmptiedMessage(count));
      },
    });
  }

  return (
    <ListScreen titleId="trash-title" title="Lixeira" intro={TRASH_INTRO} said={said}>
      {total > 0 ? (
        <div className={styles.tools}>
          <button
            type="button"
            className={`${buttons.secondary} ${styles.destructive}`}
            aria-disabled={busy}
            onClick={() => {
              if (busy) return;
              emptying.reset();
              setConfirmingEmpty(true);
            }}
          >
            Esvaziar lixeira
          </button>
        </div>
      ) : null}
      <p role="status" className="visually-hidden">
        {trash.data ? trashCountMessage(thoughts.length, total) : ""}
      </p>
      {trash.isError && !trash.data ? (
        <ErrorNotice
          message={loadFailureMessage(trash.error, {
            offline: "A lixeira precisa de conexão: ela não fica guardada neste aparelho.",
            failed: "Não foi possível abrir a lixeira.",
          })}
          onRetry={() => void trash.refetch()}
        />
      ) : !trash.data ? (
        <p role="status" className={styles.empty}>
          Carregando a lixeira…
        </p>
      ) : thoughts.length === 0 ? (
        <p className={styles.empty}>{TRASH_EMPTY}</p>
      ) : (
        <div className={styles.cards}>
          {thoughts.map((thought) => (
            <TrashItem
              key={thought.id}
              thought={thought}
              now={now}
              busy={busy}
              onRestore={onRestore}
              onDeleteForever={(chosen) => {
                forever.reset();
                setConfirming(chosen);
              }}
            />
          ))}
        </div>
      )}
      {trash.hasNextPage ? (
        <div className={styles.more}>
          <button
            type="button"
            className={buttons.primary}
            aria-disabled={trash.isFetchingNextPage}
            onClick={() => !trash.isFetchingNextPage && void trash.fetchNextPage()}
          >
            Carregar mais
          </button>
        </div>
      ) : null}
      {trash.isFetchNextPageError ? (
        <ErrorNotice
          message={loadFailureMessage(trash.error, {
            offline: "Os próximos pensamentos da lixeira precisam de conexão.",
            failed: "Não foi possível carregar mais.",
          })}
          onRetry={() => void trash.fetchNextPage()}
        />
      ) : null}
      {confirming ? (
        <ForeverDialog
          thought={confirming}
          busy={forever.isPending}
          error={forever.error}
          onConfirm={onConfirmForever}
          onCancel={() => setConfirming(undefined)}
        />
      ) : null}
      {confirmingEmpty ? (
        <EmptyTrashDialog
          total={total}
          busy={emptying.isPending}
          error={emptying.error}
          onConfirm={onConfirmEmpty}
          onCancel={() => setConfirmingEmpty(false)}
        />
      ) : null}
    </ListScreen>
  );
}

/** The first button of the thought `id` in the trash, or the heading when none is left. */
function focusAfter(id: number | undefined) {
  const target =
    (id === undefined ? null : document.querySelector<HTMLElement>(`[data-trash-id="${id}"] button`)) ??
    document.getElementById("trash-title");
  target?.focus();
}
