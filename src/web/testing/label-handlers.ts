import { HttpResponse, type HttpResponseResolver, http, type PathParams } from "msw";
import { API_PREFIX, apiPaths, apiRoutes, TOTAL_COUNT_HEADER } from "../../domain/contract";
import { labelListQuerySchema, labelRenameSchema } from "../../domain/contract-schemas";
import { normalizeLabel } from "../../domain/labels";
import { errorAnswer } from "./answers";
import type { ThoughtStore } from "./thought-store";

const labelPattern = `${API_PREFIX}${apiRoutes.label}`;

const noSuchLabel = () => errorAnswer("not_found", "Etiqueta não encontrada.");

/** The request checks every handler goes through first (controls, session, anti-forgery). */
type Route = <Params extends PathParams>(
  answer: HttpResponseResolver<Params>,
) => HttpResponseResolver<Params>;

const nameOf = (params: PathParams<"nome">) => decodeURIComponent(String(params.nome ?? ""));

/** The labels API over the store, as the real server answers it. */
export function labelHandlers(store: ThoughtStore, route: Route) {
  return [
    http.get(
      apiPaths.labels,
      route(({ request }) => {
        const query = labelListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) {
          return errorAnswer("validation", query.error.issues[0]?.message ?? "Dados inválidos.");
        }
        const { _page: page, _limit: limit, prefixo } = query.data;
        const prefix = normalizeLabel(prefixo ?? "")
          .trimStart()
          .toLowerCase();
        const found = store.labels().filter((label) => label.nome.toLowerCase().startsWith(prefix));
        return HttpResponse.json(found.slice((page - 1) * limit, page * limit), {
          headers: { [TOTAL_COUNT_HEADER]: String(found.length) },
        });
      }),
    ),

    http.patch(
      labelPattern,
      route<PathParams<"nome">>(async ({ request, params }) => {
        const body = labelRenameSchema.safeParse(await request.json().catch(() => undefined));
        if (!body.success) {
          return errorAnswer("validation", body.error.issues[0]?.message ?? "Dados inválidos.");
        }
        const renamed = store.renameLabel(nameOf(params), body.data.nome);
        return renamed ? HttpResponse.json(renamed) : noSuchLabel();
      }),
    ),

    http.delete(
      labelPattern,
      route<PathParams<"nome">>(({ params }) =>
        store.removeLabel(nameOf(params)) ? new HttpResponse(null, { status: 204 }) : noSuchLabel(),
      ),
    ),
  ];
}
