import type {
  BulkRequest,
  BulkResult,
  ImportRecord,
  InboxSettings,
  UndoImportResult,
} from "../../domain/bulk-schemas";
import { apiPaths, CSRF_HEADER } from "../../domain/contract";
import { ApiRequestError, apiRequest, networkError, readAnswer, xsrfToken } from "./client";
import type { ListFilters } from "./thoughts";

/** Requests of many thoughts at once, of the imports' record and of the inbox's address. */

export const bulkKeys = {
  imports: ["imports"] as const,
  inbox: ["inbox"] as const,
};

/** One request, one transaction, whatever the number of thoughts (at most BULK_MAX). */
export async function bulkAction(body: BulkRequest): Promise<BulkResult> {
  return (await apiRequest<BulkResult>(apiPaths.bulk, { method: "POST", body: JSON.stringify(body) })).data;
}

/** The wall's view as the list's own parameters: what 'Selecionar todos os N' sends as `filtro`. */
export function viewFilter(filters: ListFilters): Record<string, string> {
  const filter: Record<string, string> = {};
  if (filters.search) filter.q = filters.search;
  if (filters.favorites) filter.favorito = "true";
  if (filters.label) filter.etiqueta = filters.label;
  if (filters.without) filter.sem = filters.without;
  if (filters.author) filter.autoria = filters.author;
  return filter;
}

/** The selection's export: the file comes as the answer, saved under the server's name for it. */
export async function exportSelection(
  selection: Pick<BulkRequest, "ids" | "filtro">,
  formato: "json" | "markdown" | "csv",
): Promise<void> {
  const token = await xsrfToken();
  let response: Response;
  try {
    response = await fetch(apiPaths.bulk, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", ...(token ? { [CSRF_HEADER]: token } : {}) },
      body: JSON.stringify({ acao: "exportar", formato, ...selection }),
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    readAnswer(response.status, await response.text(), response.headers.get("Retry-After"));
    throw new ApiRequestError(response.status, "http", "A exportação falhou.");
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ??
    `memoteca.${formato}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function fetchImports(signal?: AbortSignal): Promise<ImportRecord[]> {
  return (await apiRequest<ImportRecord[]>(apiPaths.imports, { signal })).data;
}

export async function undoImport(id: number, incluirEditados: boolean): Promise<UndoImportResult> {
  return (
    await apiRequest<UndoImportResult>(apiPaths.undoImport(id), {
      method: "POST",
      body: JSON.stringify({ incluirEditados }),
    })
  ).data;
}

export async function redoImport(id: number, excluidoEm: string): Promise<number> {
  return (
    await apiRequest<{ restaurados: number }>(apiPaths.redoImport(id), {
      method: "POST",
      body: JSON.stringify({ excluidoEm }),
    })
  ).data.restaurados;
}

export async function fetchInbox(signal?: AbortSignal): Promise<InboxSettings> {
  return (await apiRequest<InboxSettings>(apiPaths.inboxSettings, { signal })).data;
}

export async function rotateInbox(): Promise<InboxSettings> {
  return (await apiRequest<InboxSettings>(apiPaths.rotateInbox, { method: "POST" })).data;
}
