import type { ListFilters } from "../api/thoughts";

/** What the wall hands its selection mode (src/web/selection), which loads when first used. */
export interface SelectionModeProps {
  /** The cards shown, in the wall's order (every page loaded so far). */
  ids: readonly number[];
  /** How many thoughts the view holds over all its pages. */
  total: number;
  /** The view: what 'Selecionar todos os N' covers. */
  filters: ListFilters;
  /** The card whose long press opened the mode: it starts selected. */
  start?: number;
  onClose: () => void;
}
