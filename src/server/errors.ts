import { type ErrorCode, errorStatus } from "../domain/contract";

/** Thrown by routes for a known failure; the central error handler turns it into an ErrorBody. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Keys the error's body carries beside `error` (a 412's `atual`: the thought as it is now). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = () => new ApiError("not_found", "Pensamento não encontrado.");
