import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiPaths, type LabelCount } from "../../domain/contract";
import { apiRequest } from "./client";
import { thoughtKeys } from "./thoughts";

/** The labels in use, with how many thoughts carry each. */
export async function fetchLabels(signal?: AbortSignal): Promise<LabelCount[]> {
  return (await apiRequest<LabelCount[]>(apiPaths.labels, { signal })).data;
}

export function useLabels() {
  return useQuery({ queryKey: thoughtKeys.labels(), queryFn: ({ signal }) => fetchLabels(signal) });
}

/** A rename or a removal changes cards everywhere: every list and the labels are read again. */
function useLabelChange<Input>(change: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: thoughtKeys.all, refetchType: "all" }),
  });
}

export function useRenameLabel() {
  return useLabelChange(({ from, to }: { from: string; to: string }) =>
    apiRequest(apiPaths.label(from), { method: "PATCH", body: JSON.stringify({ nome: to }) }),
  );
}

export function useDeleteLabel() {
  return useLabelChange((name: string) => apiRequest(apiPaths.label(name), { method: "DELETE" }));
}

/** The names of the labels in use, for the editor's suggestions (none while they load or if they fail). */
export function useLabelNames(): string[] {
  return useLabels().data?.map((label) => label.nome) ?? [];
}
