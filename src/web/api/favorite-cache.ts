import type { Thought } from "../../domain/contract";
import { thoughtInPages, type WallPages } from "./use-thought-list";

/**
 * A loaded list as it looks once a thought's favorite flag changed. A favorites-only list drops the
 * thought and counts one less in total, so 'Carregar mais' still knows how much is left.
 */
export function withFavorite(
  data: WallPages,
  id: Thought["id"],
  favorite: boolean,
  favoritesOnly: boolean,
): WallPages {
  if (!thoughtInPages(data.pages, id)) return data;
  if (favoritesOnly && !favorite) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.filter((thought) => thought.id !== id),
        total: Math.max(0, page.total - 1),
      })),
    };
  }
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((thought) => (thought.id === id ? { ...thought, favorito: favorite } : thought)),
    })),
  };
}
