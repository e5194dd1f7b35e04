import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type ImportRequest, sendImport, type UploadProgress } from "./import-file";
import { thoughtKeys } from "./thoughts";

/**
 * Sends a file to import (or to simulate), with the upload's progress. A real import refreshes every
 * cached list, inactive ones included, so the wall opens already showing the new thoughts; the answer is
 * shown without waiting for that.
 */
export function useImportFile() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress>();
  const mutation = useMutation({
    mutationFn: (request: ImportRequest) => {
      setProgress({ sent: 0, total: request.file.size });
      return sendImport(request, setProgress);
    },
    onSuccess: (_result, { dryRun }) => {
      if (dryRun) return;
      void queryClient.invalidateQueries({ queryKey: thoughtKeys.lists(), refetchType: "all" });
    },
  });
  return { ...mutation, progress };
}
