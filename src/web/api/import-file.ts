import { apiPaths, CSRF_HEADER } from "../../domain/contract";
import type { IMPORT_CONTENT_TYPES, ImportResult } from "../../domain/contract-schemas";
import { networkError, readAnswer, xsrfToken } from "./client";

export type ImportContentType = (typeof IMPORT_CONTENT_TYPES)[number];

/** How much of the file has left the browser, in bytes. */
export interface UploadProgress {
  sent: number;
  total: number;
}

export interface ImportRequest {
  file: File;
  contentType: ImportContentType;
  /** Asks what the import would do, changing nothing. */
  dryRun: boolean;
}

/**
 * `POST /api/import`, the file's bytes as the body. XMLHttpRequest rather than fetch: only it reports how
 * much of the body was sent, and a 50 MiB file on a slow link takes long enough to need that.
 */
export async function sendImport(
  { file, contentType, dryRun }: ImportRequest,
  onProgress: (progress: UploadProgress) => void,
): Promise<ImportResult> {
  const token = await xsrfToken();
  return new Promise<ImportResult>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", dryRun ? `${apiPaths.import}?dryRun=true` : apiPaths.import);
    request.setRequestHeader("Content-Type", contentType);
    request.setRequestHeader("Accept", "application/json");
    if (token) request.setRequestHeader(CSRF_HEADER, token);
    request.upload.onprogress = (event) => {
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    request.onload = () => {
      try {
        resolve(readAnswer(request.status, request.responseText, request.getResponseHeader("Retry-After")));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(networkError());
    request.ontimeout = () => reject(networkError());
    request.send(file);
  });
}
