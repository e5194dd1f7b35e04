import { apiPaths } from "../../domain/contract";
import type { ExportFormat } from "../../domain/contract-schemas";

/** `GET /api/export` in one format: a plain link downloads it, the session cookie going along. */
export const exportUrl = (format: ExportFormat) => `${apiPaths.export}?format=${format}`;
