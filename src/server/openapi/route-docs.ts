/**
 * What a route declares about itself for the OpenAPI document beside its zod schemas: its `summary`,
 * `description` and `tags` sit in its `schema` (Fastify leaves them alone; @fastify/swagger reads them),
 * and the answers a zod schema cannot describe (an empty 204, a file, a response header) in its
 * `config.documentedResponses`: Fastify compiles a serialiser for every schema under `schema.response`,
 * and these are no zod schemas. They are merged into the generated answers, in @fastify/swagger's shape:
 * a JSON Schema, with `type: "null"` for no body and `headers` for response headers, or
 * `{description, content}`.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    documentedResponses?: Record<string, Record<string, unknown>>;
  }
}

/** The document's groups of operations, each route naming its own. */
export const apiTags = {
  thoughts: "Pensamentos",
  trash: "Lixeira",
  labels: "Etiquetas",
  library: "Autores e fontes",
  review: "Revisão",
  session: "Sessão",
  files: "Exportar e importar",
  system: "Sistema",
} as const;

export const noBody = (description: string) => ({ type: "null", description });
export const header = (description: string, type = "string") => ({ type, description });
