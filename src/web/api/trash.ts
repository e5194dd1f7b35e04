import type { Thought, TrashEmptied, TrashedThought } from "../../domain/contract";
import { apiPaths, TOTAL_COUNT_HEADER } from "../../domain/contract";
import { apiRequest } from "./client";

/** Requests of the trash API; the hooks are in use-trash.ts. */

export interface TrashPage {
  items: TrashedThought[];
  /** How many thoughts the trash holds over all its pages. */
  total: number;
}

export const trashKeys = {
  all: ["trash"] as const,
};

export async function fetchTrashPage(page: number, limit: number, signal?: AbortSignal): Promise<TrashPage> {
  const params = new URLSearchParams({ _page: String(page), _limit: String(limit) });
  const { data, headers } = await apiRequest<TrashedThought[]>(`${apiPaths.trash}?${params.toString()}`, {
    signal,
  });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

/** Puts a thought back on the wall, with its own id (so in its own place). */
export async function restoreThought(id: number): Promise<Thought> {
  return (await apiRequest<Thought>(apiPaths.restore(id), { method: "POST" })).data;
}

export async function deleteForever(id: number): Promise<void> {
  await apiRequest<void>(apiPaths.trashed(id), { method: "DELETE" });
}

/** Every thought in the trash gone for good; how many went. */
export async function emptyTrash(): Promise<number> {
  return (await apiRequest<TrashEmptied>(apiPaths.trash, { method: "DELETE" })).data.excluidos;
}
