import { useLayoutEffect, useRef, useState } from "react";
import type { LabelCount } from "../../domain/contract";
import { focusElement } from "../routing/focus";

interface Change {
  /** Where the changed label's row stood. */
  index: number;
  /** Its name, gone from the list once the list shows the change (none when nothing changes). */
  gone?: string;
}

/**
 * After a rename or a deletion the label's row is gone (a rename draws the row again, under its new name),
 * and the focus with it. It goes to the row now in that place (the next label; the one before when it was the
 * last; the renamed one itself when it kept its place), or to the heading once no label is left, never to
 * the page's body. Not before the list shows the change: the labels are read again after each.
 */
export function useFocusAfterChange(list: readonly LabelCount[] | undefined, headingId: string) {
  const rows = useRef<HTMLUListElement>(null);
  const [change, setChange] = useState<Change>();
  useLayoutEffect(() => {
    if (!change || !list || list.some((label) => label.nome === change.gone)) return;
    setChange(undefined);
    const items = rows.current?.children ?? [];
    const row = items[Math.min(change.index, items.length - 1)];
    const target = row instanceof HTMLElement ? row : document.getElementById(headingId);
    if (target) focusElement(target);
  }, [change, list, headingId]);
  return { rows, focusAfter: setChange };
}
