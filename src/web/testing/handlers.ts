import { HttpResponse, type HttpResponseResolver, http, type PathParams } from "msw";
import type { z } from "zod";
import {
  API_PREFIX,
  apiPaths,
  apiRoutes,
  CSRF_COOKIE,
  CSRF_HEADER,
  isWriteMethod,
  type Thought,
  TOTAL_COUNT_HEADER,
} from "../../domain/contract";
import {
  IMPORT_CONTENT_TYPES,
  importQuerySchema,
  listQuerySchema,
  randomQuerySchema,
  signInSchema,
  suggestionsQuerySchema,
  thoughtIdSchema,
  trashQuerySchema,
} from "../../domain/contract-schemas";
import { toListQuery } from "../../domain/list-query";
import { permutedIndex } from "../../domain/permutation";
import { suggestionsRoute } from "../../domain/suggestions-route";
import { thoughtInputSchema, thoughtPatchSchema, thoughtReplaceSchema } from "../../domain/thought";
import { errorAnswer, notFoundAnswer } from "./answers";
import type { ApiControls } from "./api-controls";
import { fakeImport, UnreadableFile } from "./fake-import";
import { labelHandlers } from "./label-handlers";
import { libraryHandlers } from "./library-handlers";
import { type ReviewFake, reviewHandlers } from "./review-handlers";
import type { SessionStore } from "./session-store";
import type { ThoughtStore } from "./thought-store";
import { refuseStale } from "./versions";

/** The token this fake server hands out; a write must echo it, as the real server demands. */
const CSRF_TOKEN = "token-do-servidor-de-teste";

const thoughtPattern = `${API_PREFIX}${apiRoutes.thought}`;
const trashedPattern = `${API_PREFIX}${apiRoutes.trashed}`;
const restorePattern = `${API_PREFIX}${apiRoutes.restore}`;

/** A rejected body or query, with one message per field, like the real API's validation answer. */
function validationAnswer(error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  return errorAnswer("validation", error.issues[0]?.message ?? "Dados inválidos.", fields);
}

async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await request.clone().json() };
  } catch {
    return { ok: false };
  }
}

const invalidJson = () => errorAnswer("bad_request", "O corpo da requisição não é um JSON válido.");

const noContent = () => new HttpResponse(null, { status: 204 });

/**
 * The API's handlers over one store. Each request first passes the test's controls (log, hold, failure),
 * then, with a password set, the session check (all but the health check and the session itself), and,
 * when it writes, the anti-forgery check; then it gets the answer the real server would give (a thought's
 * write also checks its If-Match: testing/versions.ts).
 */
export function createHandlers(
  store: ThoughtStore,
  session: SessionStore,
  controls: ApiControls,
  review: ReviewFake,
) {
  function route<Params extends PathParams>(
    answer: HttpResponseResolver<Params>,
    { open = false } = {},
  ): HttpResponseResolver<Params> {
    return async (info) => {
      const forced = await controls.intercept(info.request);
      if (forced) return forced;
      if (!open && !session.open) return errorAnswer("unauthorized", "Entre com a senha para continuar.");
      if (isWriteMethod(info.request.method) && info.request.headers.get(CSRF_HEADER) !== CSRF_TOKEN) {
        return errorAnswer("forbidden", "Token anti-falsificação ausente ou inválido. Recarregue a página.");
      }
      return answer(info);
    };
  }

  /** The stored thought's id, or undefined for an id that names no thought ("abc", "0"). */
  const idOf = (params: { id?: string | readonly string[] }) => thoughtIdSchema.safeParse(params.id).data;

  /** PUT and PATCH: the id comes from the path (one echoed in the body is ignored), the body from `schema`. */
  function changeWith<Fields extends { id?: unknown }>(
    schema: z.ZodType<Fields>,
    apply: (id: number, fields: Omit<Fields, "id">) => Thought | undefined,
  ) {
    return route<PathParams<"id">>(async ({ request, params }) => {
      const id = idOf(params);
      if (id === undefined) return notFoundAnswer();
      const json = await readJson(request);
      if (!json.ok) return invalidJson();
      const body = schema.safeParse(json.body);
      if (!body.success) return validationAnswer(body.error);
      const { id: _ignored, ...fields } = body.data;
      const current = store.get(id);
      if (!current) return notFoundAnswer();
      const refused = refuseStale(request, current);
      if (refused) return refused;
      const thought = apply(id, fields);
      return thought ? HttpResponse.json(thought) : notFoundAnswer();
    });
  }

  return [
    ...labelHandlers(store, route),
    ...libraryHandlers(store, route),
    ...reviewHandlers(store, review, route),

    http.get(
      apiPaths.health,
      route(
        () =>
          // The real server sets the anti-forgery cookie on a read; MSW stores it in document.cookie.
          HttpResponse.json(
            { status: "ok", database: "sqlite" },
            { headers: { "Set-Cookie": `${CSRF_COOKIE}=${CSRF_TOKEN}; Path=/; SameSite=Strict` } },
          ),
        { open: true },
      ),
    ),

    http.get(
      apiPaths.session,
      route(() => HttpResponse.json(session.state()), { open: true }),
    ),

    http.post(
      apiPaths.session,
      route(
        async ({ request }) => {
          const json = await readJson(request);
          if (!json.ok) return invalidJson();
          const input = signInSchema.safeParse(json.body);
          if (!input.success) return validationAnswer(input.error);
          if (!session.passwordSet) return errorAnswer("bad_request", "Nenhuma senha foi definida.");
          const { retryAfter } = session;
          if (retryAfter !== undefined) {
            const limited = errorAnswer("rate_limited", "Muitas tentativas. Tente mais tarde.");
            limited.headers.set("Retry-After", String(retryAfter));
            return limited;
          }
          return session.tryPassword(input.data.senha)
            ? noContent()
            : errorAnswer("unauthorized", "Senha incorreta.");
        },
        { open: true },
      ),
    ),

    http.delete(
      apiPaths.session,
      route(
        () => {
          session.signOut();
          return noContent();
        },
        { open: true },
      ),
    ),

    http.get(
      apiPaths.thoughts,
      route(({ request }) => {
        const query = listQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return validationAnswer(query.error);
        const page = store.list(toListQuery(query.data));
        return HttpResponse.json(page.items, { headers: { [TOTAL_COUNT_HEADER]: String(page.total) } });
      }),
    ),

    http.get(
      `${API_PREFIX}${suggestionsRoute}`,
      route(({ request }) => {
        const query = suggestionsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return validationAnswer(query.error);
        return HttpResponse.json(store.suggestions(query.data.q));
      }),
    ),

    // Before the thought by id, which would take "do-dia" for an id. The fake's thought of the day is the
    // oldest; its draws walk the same seeded permutation as the server's.
    http.get(
      apiPaths.dayThought,
      route(() => {
        const oldest = store.all().at(-1);
        return oldest ? HttpResponse.json(oldest) : new HttpResponse(null, { status: 204 });
      }),
    ),

    http.get(
      apiPaths.randomThought,
      route(({ request }) => {
        const query = randomQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return validationAnswer(query.error);
        const oldestFirst = store.all().reverse();
        if (oldestFirst.length === 0) return new HttpResponse(null, { status: 204 });
        const { semente = 0, passo } = query.data;
        return HttpResponse.json(
          oldestFirst[permutedIndex(passo % oldestFirst.length, oldestFirst.length, semente)],
        );
      }),
    ),

    http.get(
      thoughtPattern,
      route(({ params }) => {
        const id = idOf(params);
        const thought = id === undefined ? undefined : store.get(id);
        return thought ? HttpResponse.json(thought) : notFoundAnswer();
      }),
    ),

    http.post(
      apiPaths.thoughts,
      route(async ({ request }) => {
        const json = await readJson(request);
        if (!json.ok) return invalidJson();
        const input = thoughtInputSchema.safeParse(json.body);
        if (!input.success) return validationAnswer(input.error);
        const { id: _ignored, ...fields } = input.data;
        const thought = store.create(fields);
        return HttpResponse.json(thought, {
          status: 201,
          headers: { Location: apiPaths.thought(thought.id) },
        });
      }),
    ),

    http.put(
      thoughtPattern,
      changeWith(thoughtReplaceSchema, (id, fields) => store.update(id, fields)),
    ),

    http.patch(
      thoughtPattern,
      changeWith(thoughtPatchSchema, (id, fields) => store.update(id, fields)),
    ),

    http.post(
      apiPaths.import,
      route(async ({ request }) => {
        const query = importQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return validationAnswer(query.error);
        const type = request.headers.get("Content-Type")?.split(";")[0]?.trim() ?? "";
        if (!(IMPORT_CONTENT_TYPES as readonly string[]).includes(type)) {
          return errorAnswer("unsupported_media_type", "Envie um arquivo JSON, CSV, zip ou txt.");
        }
        if (type !== "application/json") {
          return errorAnswer("bad_request", "A API de teste lê só o JSON do Memoteca.");
        }
        try {
          return HttpResponse.json(fakeImport(store, await request.text(), query.data.dryRun));
        } catch (error) {
          if (error instanceof UnreadableFile) return errorAnswer("bad_request", error.message);
          throw error;
        }
      }),
    ),

    http.delete(
      thoughtPattern,
      route(({ request, params }) => {
        const id = idOf(params);
        const current = id === undefined ? undefined : store.get(id);
        if (id === undefined || !current) return notFoundAnswer();
        const refused = refuseStale(request, current);
        if (refused) return refused;
        store.remove(id);
        return noContent();
      }),
    ),

    http.get(
      apiPaths.trash,
      route(({ request }) => {
        const query = trashQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return validationAnswer(query.error);
        const page = store.trashPage(query.data._page, query.data._limit);
        return HttpResponse.json(page.items, { headers: { [TOTAL_COUNT_HEADER]: String(page.total) } });
      }),
    ),

    http.post(
      restorePattern,
      route(({ params }) => {
        const id = idOf(params);
        const thought = id === undefined ? undefined : store.restore(id);
        return thought ? HttpResponse.json(thought) : notFoundAnswer();
      }),
    ),

    http.delete(
      apiPaths.trash,
      route(() => HttpResponse.json({ excluidos: store.emptyTrash() })),
    ),

    http.delete(
      trashedPattern,
      route(({ params }) => {
        const id = idOf(params);
        if (id === undefined || !store.deleteForever(id)) return notFoundAnswer();
        return noContent();
      }),
    ),
  ];
}
