import { type MouseEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { BULK_MAX, type BulkRequest } from "../../domain/bulk-schemas";
import type { ExportFormat } from "../../domain/contract-schemas";
import { exportSelection, viewFilter } from "../api/bulk";
import { errorMessage } from "../api/client";
import { useBulkAction } from "../api/use-bulk";
import { useAppState } from "../routing/app-state";
import { wallCard } from "../routing/focus-after-removal";
import buttons from "../ui/buttons.module.css";
import type { SelectionModeProps } from "../ui/selection-mode";
import { useShortcuts } from "../ui/useShortcuts";
import styles from "./SelectionMode.module.css";
import { allOfViewText, doneText, overLimitText, selectAllText, selectedText } from "./selection-texts";

/**
 * The wall's selection mode, loaded when first used: a checkbox on each card (Shift+click selects the
 * range from the last one clicked; a long press on a touch screen opened the mode with its card), 'Selecionar
 * todos os N' for the whole view with its filters, and the actions, each one request to the server
 * (`POST /api/pensamentos/lote`): to the trash (one 'Desfazer' for all), a label added or removed, the star
 * on or off, an export. Esc or 'Sair da seleção' leaves it.
 */
export function SelectionMode({ ids, total, filters, start, onClose }: SelectionModeProps) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(start ? [start] : []));
  const [allOfView, setAllOfView] = useState(false);
  const anchor = useRef<number | undefined>(start);
  const [cards, setCards] = useState<[number, HTMLElement][]>([]);
  const [said, setSaid] = useState("");
  const [label, setLabel] = useState("");
  const [format, setFormat] = useState<ExportFormat>("json");
  const action = useBulkAction();
  const [exporting, setExporting] = useState(false);
  const app = useAppState();
  const ids2 = { label: useId(), format: useId() };
  const bar = useRef<HTMLDivElement>(null);

  // The cards on screen, found after each commit that drew new ones ('Carregar mais', a refetch).
  useLayoutEffect(() => {
    setCards(ids.flatMap((id) => (wallCard(id) ? [[id, wallCard(id)] as [number, HTMLElement]] : [])));
  }, [ids]);
  useEffect(() => {
    bar.current?.querySelector<HTMLElement>("[data-first]")?.focus({ preventScroll: true });
  }, []);
  useShortcuts({ Escape: onClose });

  const count = allOfView ? total : selected.size;
  const busy = action.isPending || exporting;

  function toggle(id: number, event: MouseEvent<HTMLInputElement>) {
    const on = event.currentTarget.checked;
    setAllOfView(false);
    const next = new Set(selected);
    const from = anchor.current === undefined ? -1 : ids.indexOf(anchor.current);
    const to = ids.indexOf(id);
    if (event.shiftKey && from >= 0 && to >= 0) {
      const [low, high] = from < to ? [from, to] : [to, from];
      for (const inRange of ids.slice(low, high + 1)) {
        if (on) next.add(inRange);
        else next.delete(inRange);
      }
    } else if (on) next.add(id);
    else next.delete(id);
    anchor.current = id;
    setSelected(next);
  }

  /** The selection as the request names it: the ids, or the view's filter. */
  const target = (): Pick<BulkRequest, "ids" | "filtro"> =>
    allOfView ? { filtro: viewFilter(filters) } : { ids: [...selected] };

  function run(body: Omit<BulkRequest, "ids" | "filtro">) {
    if (busy || count === 0) return;
    if (count > BULK_MAX) {
      setSaid(overLimitText);
      return;
    }
    action.mutate(
      { ...body, ...target() },
      {
        onSuccess: (result) => {
          setSaid(doneText(result.acao, result.total));
          if (result.acao === "lixeira") {
            app.undo.set({ kind: "bulkDeleted", ids: result.ids });
            onClose();
          }
        },
        onError: (error) => setSaid(`Nada foi alterado. ${errorMessage(error)}`),
      },
    );
  }

  async function exportChosen() {
    if (busy || count === 0) return;
    if (count > BULK_MAX) {
      setSaid(overLimitText);
      return;
    }
    setExporting(true);
    try {
      await exportSelection(target(), format);
      setSaid(doneText("exportar", count));
    } catch (error) {
      setSaid(`A exportação falhou. ${errorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  }

  const labelled = label.trim();
  return (
    <>
      <div ref={bar} className={styles.bar} role="toolbar" aria-label="Seleção de pensamentos">
        <p className={styles.count} aria-live="polite">
          {allOfView ? allOfViewText(total) : selectedText(selected.size)}
        </p>
        <div className={styles.group}>
          {!allOfView && total > 0 ? (
            <button
              type="button"
              data-first=""
              className={buttons.compact}
              onClick={() => {
                setAllOfView(true);
                if (total > BULK_MAX) setSaid(overLimitText);
              }}
            >
              {selectAllText(total)}
            </button>
          ) : null}
          {count > 0 ? (
            <button
              type="button"
              className={buttons.compact}
              onClick={() => {
                setAllOfView(false);
                setSelected(new Set());
              }}
            >
              Limpar seleção
            </button>
          ) : null}
          <button type="button" className={buttons.compact} onClick={onClose}>
            Sair da seleção
          </button>
        </div>
        <div className={styles.group}>
          <button
            type="button"
            className={`${buttons.compact} ${styles.danger}`}
            aria-disabled={busy || count === 0}
            onClick={() => run({ acao: "lixeira" })}
          >
            Mover para a lixeira
          </button>
          <button
            type="button"
            className={buttons.compact}
            aria-disabled={busy || count === 0}
            onClick={() => run({ acao: "favoritar" })}
          >
            Favoritar
          </button>
          <button
            type="button"
            className={buttons.compact}
            aria-disabled={busy || count === 0}
            onClick={() => run({ acao: "desfavoritar" })}
          >
            Desfavoritar
          </button>
        </div>
        <div className={styles.group}>
          <label htmlFor={ids2.label} className={styles.fieldLabel}>
            Etiqueta
          </label>
          <input
            id={ids2.label}
            className={styles.field}
            value={label}
            maxLength={30}
            onChange={(event) => setLabel(event.target.value)}
          />
          <button
            type="button"
            className={buttons.compact}
            aria-disabled={busy || count === 0 || !labelled}
            onClick={() => labelled && run({ acao: "etiquetar", etiqueta: labelled })}
          >
            Adicionar etiqueta
          </button>
          <button
            type="button"
            className={buttons.compact}
            aria-disabled={busy || count === 0 || !labelled}
            onClick={() => labelled && run({ acao: "desetiquetar", etiqueta: labelled })}
          >
            Remover etiqueta
          </button>
        </div>
        <div className={styles.group}>
          <label htmlFor={ids2.format} className={styles.fieldLabel}>
            Formato
          </label>
          <select
            id={ids2.format}
            className={styles.field}
            value={format}
            onChange={(event) => setFormat(event.target.value as ExportFormat)}
          >
            <option value="json">JSON</option>
            <option value="markdown">Markdown</option>
            <option value="csv">CSV</option>
          </select>
          <button
            type="button"
            className={buttons.compact}
            aria-disabled={busy || count === 0}
            onClick={() => void exportChosen()}
          >
            Exportar seleção
          </button>
        </div>
        <p role="status" className={styles.said}>
          {said}
        </p>
      </div>
      {cards.map(([id, card]) => {
        const name = card.getAttribute("aria-label") ?? "pensamento";
        return createPortal(
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={allOfView || selected.has(id)}
              onChange={() => {}}
              onClick={(event) => toggle(id, event)}
              aria-label={`Selecionar ${name.charAt(0).toLowerCase()}${name.slice(1)}`}
            />
          </label>,
          card,
          `selection-${id}`,
        );
      })}
    </>
  );
}
