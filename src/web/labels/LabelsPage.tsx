import { useMemo, useState } from "react";
import type { LabelCount } from "../../domain/contract";
import { useDeleteLabel, useLabelPages, useRenameLabel } from "../api/labels";
import buttons from "../ui/buttons.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import { ListScreen } from "../ui/ListScreen";
import { loadFailureMessage } from "../ui/load-failure";
import { usePageTitle } from "../ui/usePageTitle";
import { DeleteLabelDialog } from "./DeleteLabelDialog";
import { LabelRow } from "./LabelRow";
import styles from "./LabelsPage.module.css";
import { useFocusAfterChange } from "./useFocusAfterChange";

/**
 * /etiquetas: every label in use with how many thoughts carry it, a link to those thoughts, and a rename
 * (into a label in use, the two merge) or a deletion that reaches every thought. What happened is said in
 * a status line. The labels come a hundred at a time, the next on 'Carregar mais'.
 */
export function LabelsPage() {
  usePageTitle("Etiquetas");
  const labels = useLabelPages();
  // One array per answer, not per render: the focus after a change waits for the list that shows it.
  const loaded = useMemo(() => labels.data?.pages.flatMap((page) => page.items), [labels.data]);
  const list = loaded ?? [];
  const rename = useRenameLabel();
  const remove = useDeleteLabel();
  const [said, setSaid] = useState("");
  const [deleting, setDeleting] = useState<LabelCount>();
  const { rows, focusAfter } = useFocusAfterChange(loaded, "labels-title");
  const indexOf = (name: string) => list.findIndex((label) => label.nome === name);

  async function onRename(from: string, to: string) {
    const merged = list.some((label) => label.nome.toLowerCase() === to.trim().toLowerCase());
    await rename.mutateAsync({ from, to });
    focusAfter({ index: indexOf(from), gone: from === to.trim() ? undefined : from });
    setSaid(
      merged ? `Etiqueta “${from}” juntada a “${to.trim()}”.` : `Etiqueta renomeada para “${to.trim()}”.`,
    );
  }

  function onConfirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.nome, {
      onSuccess: () => {
        focusAfter({ index: indexOf(deleting.nome), gone: deleting.nome });
        setSaid(`Etiqueta “${deleting.nome}” excluída de todos os pensamentos.`);
        setDeleting(undefined);
      },
    });
  }

  return (
    <ListScreen
      titleId="labels-title"
      title="Etiquetas"
      intro="Renomeie ou exclua uma etiqueta em todos os pensamentos de uma vez."
      said={said}
    >
      {labels.isError && !labels.data ? (
        <ErrorNotice
          message={loadFailureMessage(labels.error, {
            offline: "As etiquetas precisam de conexão: elas não ficam guardadas neste aparelho.",
            failed: "Não foi possível carregar as etiquetas.",
          })}
          onRetry={() => void labels.refetch()}
        />
      ) : !labels.data ? (
        <p role="status" className={styles.empty}>
          Carregando as etiquetas…
        </p>
      ) : list.length === 0 ? (
        <p className={styles.empty}>
          Nenhuma etiqueta em uso. Adicione etiquetas ao criar ou editar um pensamento.
        </p>
      ) : (
        <ul ref={rows} className={styles.list} aria-label="Etiquetas em uso">
          {list.map((label) => (
            <LabelRow
              key={label.nome}
              label={label}
              onRename={onRename}
              onDelete={() => {
                remove.reset();
                setDeleting(label);
              }}
            />
          ))}
        </ul>
      )}
      {labels.hasNextPage ? (
        <div className={styles.more}>
          <button
            type="button"
            className={buttons.primary}
            aria-disabled={labels.isFetchingNextPage}
            onClick={() => !labels.isFetchingNextPage && void labels.fetchNextPage()}
          >
            Carregar mais
          </button>
        </div>
      ) : null}
      {labels.isFetchNextPageError ? (
        <ErrorNotice
          message={loadFailureMessage(labels.error, {
            offline: "As próximas etiquetas precisam de conexão.",
            failed: "Não foi possível carregar mais.",
          })}
          onRetry={() => void labels.fetchNextPage()}
        />
      ) : null}
      {deleting ? (
        <DeleteLabelDialog
          label={deleting}
          busy={remove.isPending}
          error={remove.error}
          onConfirm={onConfirmDelete}
          onCancel={() => setDeleting(undefined)}
        />
      ) : null}
    </ListScreen>
  );
}
