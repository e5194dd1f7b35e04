import { HttpResponse } from "msw";
import { type ErrorBody, type ErrorCode, errorStatus } from "../../domain/contract";

/** An error answer as the real API writes it: the contract's status for the code, and its body. */
export function errorAnswer(code: ErrorCode, message: string, fields?: Record<string, string>) {
  const body: ErrorBody = { error: { code, message } };
  if (fields) body.error.fields = fields;
  return HttpResponse.json(body, { status: errorStatus[code] });
}

export const notFoundAnswer = () => errorAnswer("not_found", "Pensamento não encontrado.");
