import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type ErrorBody, type ErrorCode, ETAG_HEADER, errorStatus, versionTag } from "../domain/contract";
import { messages } from "../domain/messages";
import { isDatabaseUnavailable, StaleVersionError, WallLabelsFullError, WriteConflictError } from "./db";
import { ApiError, notFound } from "./errors";
import { StoredAnswer } from "./live/idempotency-keys";

/** Fastify's own failures that the client caused, mapped onto our closed set of codes. */
const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: "bad_request",
    message: "O corpo da requisição não é um JSON válido.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "bad_request", message: "O corpo da requisição está vazio." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "unsupported_media_type",
    message: "Envie o corpo como application/json.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: "bad_request", message: "Content-Length inválido." },
  FST_ERR_BAD_URL: { code: "bad_request", message: "Endereço inválido." },
  // The only path parameter is a thought's id, and an id no thought can have names none.
  FST_ERR_MAX_PARAM_LENGTH: { code: "not_found", message: "Pensamento não encontrado." },
};

/**
 * A schema rejected part of the request. A malformed id names no thought (404); a bad body, query or label gets
 * one pt-BR message per field, the same messages the form shows.
 */
function fromValidation(error: FastifyError): ApiError {
  // A label named in the path is text, checked like the query's (a NUL is a 400 on both databases).
  const aboutId = error.validation?.every((issue) => issue.instancePath === "/id");
  if (error.validationContext === "params" && aboutId) return notFound();
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
    fields[key] ??= issue.message ?? "Valor inválido.";
  }
  const first = error.validation?.[0]?.message ?? "Dados inválidos.";
  return new ApiError("validation", first, fields);
}

/** A body limit as people read it: 64 KiB, 50 MiB. */
function sizeInWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  // Whichever write met the cap (a form's save, an import), the answer names it the same way.
  if (error instanceof WallLabelsFullError) return new ApiError("conflict", error.message);
  // If-Match named a version the thought no longer has: the answer carries the thought as it is now.
  if (error instanceof StaleVersionError) {
    return new ApiError("versao_desatualizada", messages.versionStale, undefined, { atual: error.current });
  }
  // The limit is the route's own: 64 KiB for a thought, more for an imported file.
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0;
    return new ApiError("payload_too_large", `O corpo da requisição passa de ${sizeInWords(limit)}.`);
  }
  if (hasZodFastifySchemaValidationErrors(error)) return fromValidation(error);
  const known = error.code ? fastifyCodes[error.code] : undefined;
  if (known) return new ApiError(known.code, known.message);
  if (error.statusCode === 429) {
    return new ApiError("rate_limited", "Muitas requisições. Tente de novo em instantes.");
  }
  if (error.statusCode === 400) return new ApiError("bad_request", "Requisição inválida.");
  // A Range past the end of a static file.
  if (error.statusCode === 416) {
    return new ApiError("range_not_satisfiable", "O intervalo pedido está fora do arquivo.");
  }
  if (error instanceof WriteConflictError) return new ApiError("unavailable", messages.writeConflict);
  // A dropped, stalled or busy database: the request was fine and may succeed if sent again. The person
  // reading it knows a server, not its database (the health check, read by monitors, names the database).
  if (isDatabaseUnavailable(error)) {
    return new ApiError("unavailable", "O servidor não está respondendo. Tente de novo em instantes.");
  }
  return new ApiError("internal", "Erro interno. Tente de novo em instantes.");
}

function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // A repeat of an Idempotency-Key another request recorded meanwhile: that request's answer.
  if (error instanceof StoredAnswer) return error.send(reply);
  const apiError = toApiError(error, request);
  if (errorStatus[apiError.code] >= 500) request.log.error({ err: error }, "request failed");
  const body: ErrorBody = { error: { code: apiError.code, message: apiError.message } };
  if (apiError.fields) body.error.fields = apiError.fields;
  if (error instanceof StaleVersionError) reply.header(ETAG_HEADER, versionTag(error.current.versao));
  const sent = apiError.extra ? { ...body, ...apiError.extra } : body;
  // A 416 tells the client the file's size (`bytes */123`), so it can ask again for a range that exists.
  const range = (error as { headers?: Record<string, string> }).headers?.["Content-Range"];
  if (apiError.code === "range_not_satisfiable" && range) reply.header("Content-Range", range);
  // A write that met other writers on every try goes through when sent again a moment later.
  if (error instanceof WriteConflictError) reply.header("Retry-After", String(error.retryAfterSeconds));
  return reply.code(apiError.status).type("application/json; charset=utf-8").send(sent);
}

/** One place turns every error into {error:{code,message}}; a 5xx never shows a stack or SQL. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(replyWithError);
}

/**
 * The failures Fastify meets before any route is found (a URL that does not decode, say) bypass the
 * error handler and would answer Fastify's own body; this option of the constructor sends them through it.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions["frameworkErrors"]> = replyWithError;
