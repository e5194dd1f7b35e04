/** The closed set of error codes the API answers with, each bound to its HTTP status. */
export const errorStatus = {
  validation: 400,
  bad_request: 400,
  forbidden: 403,
  not_found: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

/** Thrown by routes for a known failure; the central error handler turns it into an ErrorBody. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = () => new ApiError("not_found", "Pensamento não encontrado.");
