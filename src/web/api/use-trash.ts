import { type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { PAGE_SIZE } from "../../domain/rules";
import { thoughtKeys } from "./thoughts";
import { deleteForever, emptyTrash, fetchTrashPage, restoreThought, trashKeys } from "./trash";
import { isNotFound } from "./use-thought";

/** The trash, most recently deleted first, a page at a time ('Carregar mais'). */
export function useTrashPages() {
  return useInfiniteQuery({
    queryKey: trashKeys.all,
    queryFn: ({ pageParam, signal }) => fetchTrashPage(pageParam, PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((count, page) => count + page.items.length, 0);
      return shown < last.total && last.items.length > 0 ? pages.length + 1 : undefined;
    },
    // A deletion elsewhere (the wall, another tab) changes the trash: never trust an old copy of it.
    staleTime: 0,
  });
}

/** The wall and the trash both change when a thought moves between them. */
async function refreshBoth(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: thoughtKeys.all, refetchType: "all" }),
    queryClient.invalidateQueries({ queryKey: trashKeys.all, refetchType: "all" }),
  ]);
}

export function useRestoreThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreThought,
    onSuccess: () => refreshBoth(queryClient),
  });
}

export function useDeleteForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await deleteForever(id);
      } catch (error) {
        // Already gone (emptied after 30 days, or in another tab): what the user asked for is true.
        if (!isNotFound(error)) throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trashKeys.all, refetchType: "all" }),
  });
}

export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emptyTrash,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trashKeys.all, refetchType: "all" }),
  });
}
