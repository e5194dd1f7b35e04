import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  apiPaths,
  ETAG_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  isWriteMethod,
  versionTag,
} from "../../domain/contract";
import { messages } from "../../domain/messages";
import {
  IdempotencyKeyTakenError,
  type IdempotencyRepository,
  type StoredIdempotency,
  withIdempotencyKey,
} from "../db";
import { ApiError } from "../errors";

/** What a request's Idempotency-Key stands for: the key and the request it came with. */
interface KeyedRequest {
  key: string;
  method: string;
  path: string;
  bodyHash: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the Idempotency-Key hook for a write that carries a key not seen before. */
    idempotency?: KeyedRequest;
  }
}

/** A recorded answer, sent again: thrown where the route's own answer would have gone (error-handler.ts). */
export class StoredAnswer extends Error {
  constructor(readonly stored: StoredIdempotency) {
    super("idempotent repeat");
  }

  send(reply: FastifyReply) {
    const { status, answer } = this.stored;
    if (answer === null) return reply.code(status).send();
    // The headers a single thought's answer had: its version, and the new thought's path.
    const body = JSON.parse(answer) as { id?: unknown; versao?: unknown };
    if (typeof body.versao === "number") reply.header(ETAG_HEADER, versionTag(body.versao));
    if (status === 201 && typeof body.id === "number") reply.header("Location", apiPaths.thought(body.id));
    return reply.code(status).type("application/json; charset=utf-8").send(answer);
  }
}

/** A file's bytes, or the JSON body as parsed (keys in the order sent); nothing for a bodyless write. */
function bodyHash(body: unknown): string {
  const bytes = Buffer.isBuffer(body) ? body : body === undefined ? "" : JSON.stringify(body);
  return createHash("sha256").update(bytes).digest("base64");
}

const sameRequest = (stored: StoredIdempotency, asked: KeyedRequest) =>
  stored.method === asked.method && stored.path === asked.path && stored.bodyHash === asked.bodyHash;

/** What answers a key already recorded: its first answer for the same request, else a 422. */
function answerOf(stored: StoredIdempotency, asked: KeyedRequest): StoredAnswer {
  if (!sameRequest(stored, asked)) throw new ApiError("chave_reutilizada", messages.idempotencyKeyReused);
  return new StoredAnswer(stored);
}

/**
 * The API's `Idempotency-Key` (issue 42), for the writes that go through `idempotent` (the thoughts, the
 * trash, the labels, the import). Checked before validation, with the body as parsed (its hash is of its
 * JSON, keys in the order sent): a malformed key is a 400; a key of the last 24 hours answers its first
 * answer for the same method, path and body, a 422 for another; a key whose first request is still being
 * answered on this instance, a 409. Otherwise the request goes on, and its write's transaction records the
 * key with the answer (db/changes/idempotency.ts): the record is in the database, with the write, so it
 * holds for every instance and across a crash. (A Fastify hook around the handler could only store the key
 * after the answer, in a transaction of its own: a crash between the two would keep the write and lose the
 * key, and the retry would write twice.)
 */
export function registerIdempotencyKeys(
  app: FastifyInstance,
  { repository, clock }: { repository: IdempotencyRepository; clock: () => number },
): void {
  const inFlight = new Set<string>();

  app.addHook("preValidation", async (request, reply) => {
    if (!isWriteMethod(request.method)) return;
    const raw = request.headers["idempotency-key"];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw.join(",") : raw;
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new ApiError("bad_request", messages.idempotencyKeyMalformed);
    }
    const asked: KeyedRequest = {
      key,
      method: request.method,
      path: request.url,
      bodyHash: bodyHash(request.body),
    };
    // Taken before the look-up, in the same turn of the event loop as the check: a second request with the
    // key, on this instance, is a 409 from here until the first is answered.
    if (inFlight.has(key)) throw new ApiError("chave_em_uso", messages.idempotencyKeyInFlight);
    inFlight.add(key);
    request.idempotency = asked;
    const stored = await repository.find(key, clock());
    if (stored) return answerOf(stored, asked).send(reply);
  });

  const release = async (request: FastifyRequest) => {
    if (request.idempotency) inFlight.delete(request.idempotency.key);
  };
  app.addHook("onResponse", release);
}

/**
 * Runs a route's write with the request's Idempotency-Key, if it has one: `answer` says what the write's
 * result answers (status and body), or undefined for a failure that wrote nothing. When another request
 * recorded the key meanwhile (another instance), the write rolled back and that request's answer is sent.
 */
export async function idempotent<T>(
  request: FastifyRequest,
  repository: IdempotencyRepository,
  answer: (result: T) => { status: number; body: unknown } | undefined,
  write: () => Promise<T>,
  clock: () => number = Date.now,
): Promise<T> {
  const asked = request.idempotency;
  if (!asked) return write();
  try {
    return await withIdempotencyKey({ ...asked, answer: (result) => answer(result as T) }, write);
  } catch (error) {
    if (!(error instanceof IdempotencyKeyTakenError)) throw error;
    const stored = await repository.find(asked.key, clock());
    if (!stored) throw error;
    throw answerOf(stored, asked);
  }
}
