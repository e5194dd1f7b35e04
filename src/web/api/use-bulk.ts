import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkRequest } from "../../domain/bulk-schemas";
import { bulkAction, bulkKeys, fetchImports, fetchInbox, rotateInbox, undoImport } from "./bulk";
import { thoughtKeys } from "./thoughts";
import { trashKeys } from "./trash";

/** Whatever moves thoughts between the wall and the trash, or changes many, refreshes all three. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [thoughtKeys.all, trashKeys.all, bulkKeys.imports].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey, refetchType: "all" }),
      ),
    );
}

export function useBulkAction() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: (body: BulkRequest) => bulkAction(body), onSettled: refresh });
}

export function useImports() {
  return useQuery({
    queryKey: bulkKeys.imports,
    queryFn: ({ signal }) => fetchImports(signal),
    staleTime: 0,
  });
}

export function useUndoImport() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, includeEdited }: { id: number; includeEdited: boolean }) =>
      undoImport(id, includeEdited),
    onSettled: refresh,
  });
}

export function useInbox() {
  return useQuery({ queryKey: bulkKeys.inbox, queryFn: ({ signal }) => fetchInbox(signal), staleTime: 0 });
}

export function useRotateInbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateInbox,
    onSuccess: (settings) => queryClient.setQueryData(bulkKeys.inbox, settings),
  });
}
