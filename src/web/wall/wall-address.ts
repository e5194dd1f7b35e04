import { useCallback, useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { SEARCH_MIN } from "../../domain/rules";
import { effectiveSearch } from "../../domain/search-text";
import { type ListFilters, type ListOrder, listOrders } from "../api/thoughts";
import { paths } from "../paths";

/**
 * What the wall shows, kept in its address so that a reload, Back/Forward, a bookmark and the way back
 * from a form all find it again:
 * `/listarPensamento?q=<texto>&favoritos=true&etiqueta=<e>&sem=<e>&autoria=<a>&ordem=antigos|autor|fonte`.
 */
export interface WallView {
  /** The search box's text as typed (the search applies from SEARCH_MIN trimmed characters). */
  text: string;
  favorites: boolean;
  /** Only the thoughts with this label (a chip's link), as typed. */
  label?: string;
  /** A label kept out of the way ('Ocultar'): the thoughts that carry it do not show. */
  without?: string;
  /** Only this author's thoughts (the author's link on a card), as shown. */
  author?: string;
  /** An order other than the wall's own, newest first ('Mais recentes', which the address leaves out). */
  order?: ListOrder;
}

const SEARCH_PARAM = "q";
const FAVORITES_PARAM = "favoritos";
const LABEL_PARAM = "etiqueta";
const WITHOUT_PARAM = "sem";
const AUTHOR_PARAM = "autoria";
const ORDER_PARAM = "ordem";

const isOrder = (value: string | null): value is ListOrder =>
  value !== null && Object.hasOwn(listOrders, value);

/** The view an address asks for; anything else in it (favoritos=banana, unknown names) is ignored. */
export function readWallView(search: string): WallView {
  const params = new URLSearchParams(search);
  const label = params.get(LABEL_PARAM)?.trim();
  const without = params.get(WITHOUT_PARAM)?.trim();
  const author = params.get(AUTHOR_PARAM)?.trim();
  const order = params.get(ORDER_PARAM);
  return {
    text: params.get(SEARCH_PARAM) ?? "",
    favorites: params.get(FAVORITES_PARAM) === "true",
    ...(label ? { label } : {}),
    ...(without ? { without } : {}),
    ...(author ? { author } : {}),
    ...(isOrder(order) ? { order } : {}),
  };
}

/** The query string of a view, with its `?`, or "" for the whole wall. */
export function wallQuery({ text, favorites, label, without, author, order }: WallView): string {
  const params = new URLSearchParams();
  // Only spaces search nothing: they stay in the box but not in the address.
  if (text.trim()) params.set(SEARCH_PARAM, text);
  if (favorites) params.set(FAVORITES_PARAM, "true");
  if (label?.trim()) params.set(LABEL_PARAM, label.trim());
  if (without?.trim()) params.set(WITHOUT_PARAM, without.trim());
  if (author?.trim()) params.set(AUTHOR_PARAM, author.trim());
  if (order) params.set(ORDER_PARAM, order);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * What the list asks the API for in a view: the search only once it is long enough to apply, and the order
 * only without one (the API lists a search newest first and refuses another order; the address keeps the
 * order for when the search is cleared).
 */
export const wallFilters = ({ text, favorites, label, without, author, order }: WallView): ListFilters => {
  const search = effectiveSearch(text, SEARCH_MIN);
  return {
    favorites,
    search,
    ...(label ? { label } : {}),
    ...(without ? { without } : {}),
    ...(author ? { author } : {}),
    ...(order && !search ? { order } : {}),
  };
};

export const wallAddress = (view: WallView): string => `${paths.wall}${wallQuery(view)}`;

/**
 * The wall's view, read from the address, and a way to change it. `replace` rewrites the current entry
 * (typing), otherwise a new entry is pushed (a change of mode); either way the window keeps its scroll,
 * as the screen stays the same. Returns whether the address changed. The view is a new object for each
 * address the router arrives at, Back and Forward included, even one that reads as the last one drawn.
 */
export function useWallView(): [WallView, (next: WallView, options: { replace: boolean }) => boolean] {
  const location = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => readWallView(location.search), [location]);
  const current = wallQuery(view);
  const show = useCallback(
    (next: WallView, { replace }: { replace: boolean }) => {
      if (wallQuery(next) === current) return false;
      navigate(wallAddress(next), { replace, preventScrollReset: true });
      return true;
    },
    [current, navigate],
  );
  return [view, show];
}
