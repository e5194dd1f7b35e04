import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  apiPaths,
  type MemoriseMark,
  type ReviewFeedLink,
  type ReviewHistory,
  type ReviewSettings,
  type ReviewSettingsPatch,
} from "../../domain/contract";
import { apiRequest } from "./client";
import { reviewKeys } from "./review-day";

/** The review's requests besides the day's set and the answers: settings, history, memorise, undo. */

export function useReviewSettings() {
  return useQuery({
    queryKey: reviewKeys.settings(),
    queryFn: async ({ signal }) =>
      (await apiRequest<ReviewSettings>(apiPaths.reviewSettings, { signal })).data,
  });
}

/**
 * Changes the settings (only the fields sent); the day's set may change with them (its size, the weights),
 * so it is read again.
 */
export function useSaveReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: ReviewSettingsPatch) =>
      (
        await apiRequest<ReviewSettings>(apiPaths.reviewSettings, {
          method: "PUT",
          body: JSON.stringify(patch),
        })
      ).data,
    onSuccess: (settings) => {
      client.setQueryData(reviewKeys.settings(), settings);
      void client.invalidateQueries({ queryKey: reviewKeys.days() });
    },
  });
}

/** A new private feed address: the old one then answers 404. */
export function useRotateFeedToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<ReviewFeedLink>(apiPaths.reviewFeedToken, { method: "POST" })).data,
    onSuccess: ({ feedUrl }) =>
      client.setQueryData<ReviewSettings>(reviewKeys.settings(), (settings) =>
        settings ? { ...settings, feedUrl } : settings,
      ),
  });
}

/** The streak and the days with a review in the last 12 months, for the closing screen. */
export function useReviewHistory() {
  return useQuery({
    queryKey: reviewKeys.history(),
    queryFn: async ({ signal }) => (await apiRequest<ReviewHistory>(apiPaths.reviewHistory, { signal })).data,
  });
}

/** Undoes 'Descartar da revisão': the thought may come back in a review. */
export function useUndoDiscard() {
  return useMutation({
    mutationFn: (id: number) => apiRequest(apiPaths.reviewDiscard(id), { method: "DELETE" }),
  });
}

/** Marks a thought to memorise (a cloze or 'Quem disse?'), or, with null, stops memorising it. */
export function useMemorise(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mark: MemoriseMark | null) =>
      mark
        ? apiRequest(apiPaths.reviewMemorise(id), { method: "PUT", body: JSON.stringify(mark) })
        : apiRequest(apiPaths.reviewMemorise(id), { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.days() }),
  });
}
