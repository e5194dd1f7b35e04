import { CSRF_COOKIE, CSRF_HEADER, corePaths, errorOf, isWriteMethod } from "../../domain/contract-core";

/** A failed API call, with the server's pt-BR message when it sent one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    /** One of the contract's error codes, or "network" / "http" when the server sent no error body. */
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds to wait before asking again, from Retry-After (a 429 sends it). */
    readonly retryAfter?: number,
    /** No answer while the browser said it had no connection: only a connection can help, not a retry. */
    readonly offline = false,
    /** The answer's whole body, when it had one: a 412 carries the current thought in it (`atual`). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

const NETWORK_MESSAGE = "Não foi possível falar com o servidor. Verifique a conexão e tente de novo.";
const OFFLINE_MESSAGE = "Sem conexão. Tente de novo quando a conexão voltar.";
const SERVER_MESSAGE = "O servidor não conseguiu atender. Tente de novo em instantes.";

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/** The anti-forgery token: the cookie the server set, fetched once if this tab never received it. */
export async function xsrfToken(): Promise<string | undefined> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  await fetch(corePaths.health, { credentials: "same-origin" }).catch(() => undefined);
  return readCookie(CSRF_COOKIE);
}

function isRelative(url: string): boolean {
  return !/^[a-z][a-z\d+\-.]*:/i.test(url) && !url.startsWith("//");
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * fetch for our JSON API. Like the original client, it adds the anti-forgery header on every non-GET
 * request to a relative URL; any failure becomes an ApiRequestError with a message fit for the user.
 */
export async function apiRequest<T>(url: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  if (isWriteMethod(method) && isRelative(url)) {
    const token = await xsrfToken();
    if (token) headers.set(CSRF_HEADER, token);
  }
  let response: Response;
  try {
    response = await fetch(url, { ...init, method, headers, credentials: "same-origin" });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw networkError();
  }
  const data = readAnswer<T>(response.status, await response.text(), response.headers.get("Retry-After"));
  return { data, headers: response.headers };
}

/**
 * No answer at all: the server is down, or the connection dropped. Whether the browser said it was offline
 * is read now, when it failed: the screen that shows the failure later still knows why, even once the
 * connection is back.
 */
export function networkError(): ApiRequestError {
  const offline = typeof navigator !== "undefined" && !navigator.onLine;
  return new ApiRequestError(
    0,
    "network",
    offline ? OFFLINE_MESSAGE : NETWORK_MESSAGE,
    undefined,
    undefined,
    offline,
  );
}

/** A read or write that failed because the browser had no connection (the service worker had no copy). */
export function isOfflineError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.offline;
}

/**
 * A 2xx answer's body as JSON (undefined when empty); any other status throws its ApiRequestError, with
 * the server's code and message when the body has our error shape (a proxy's error page has not).
 */
export function readAnswer<T>(status: number, text: string, retryAfter: string | null): T {
  const body: unknown = text ? safeJson(text) : undefined;
  if (status >= 200 && status < 300) return body as T;
  const error = errorOf(body);
  const fallback = status >= 500 ? SERVER_MESSAGE : `Falha na requisição (${status}).`;
  throw new ApiRequestError(
    status,
    error?.code ?? "http",
    error?.message ?? fallback,
    error?.fields,
    seconds(retryAfter),
    false,
    body,
  );
}

/** Retry-After in its delta-seconds form, the one our server sends; a date or garbage gives undefined. */
function seconds(header: string | null): number | undefined {
  return header && /^\d+$/.test(header) ? Number(header) : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return SERVER_MESSAGE;
}
