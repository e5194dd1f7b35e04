import { apiPaths, CSRF_HEADER } from "../../domain/contract";
import type { IMPORT_CONTENT_TYPES, ImportMap, ImportResult } from "../../domain/contract-schemas";
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
  /** Which column of a CSV the server does not know is which field. */
  mapa?: ImportMap;
  /** The positions of the sources to leave out, in the dry run's list. */
  semFontes?: readonly number[];
}

/** The import's address with its query: `?dryRun=true&mapa=…&semFontes=0,2`. */
export function importUrl({ dryRun, mapa, semFontes }: Omit<ImportRequest, "file" | "contentType">): string {
  const query = new URLSearchParams();
  if (dryRun) query.set("dryRun", "true");
  if (mapa) query.set("mapa", JSON.stringify(mapa));
  if (semFontes && semFontes.length > 0) query.set("semFontes", semFontes.join(","));
  const text = query.toString();
  return text === "" ? apiPaths.import : `${apiPaths.import}?${text}`;
}

/**
 * `POST /api/import`, the file's bytes as the body. XMLHttpRequest rather than fetch: only it reports how
 * much of the body was sent, and a 50 MiB file on a slow link takes long enough to need that.
 */
export async function sendImport(
  { file, contentType, ...options }: ImportRequest,
  onProgress: (progress: UploadProgress) => void,
): Promise<ImportResult> {
  const token = await xsrfToken();
  return new Promise<ImportResult>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", importUrl(options));
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
