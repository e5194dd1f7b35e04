import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { thoughtInputSchema, thoughtPatchSchema } from "../../domain/thought";
import type { Store } from "../db/database";
import {
  createThought,
  deleteThought,
  getThought,
  listThoughts,
  replaceThought,
  updateThought,
} from "../db/thoughts.repository";
import { ApiError, notFound } from "../errors";
import { linkHeader, listQuerySchema, toListQuery } from "./list-query";

/** Runs a zod schema and turns its issues into a 400 with one pt-BR message per field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? "Dados inválidos.";
  throw new ApiError("validation", first, fields);
}

function parseId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw notFound();
  return Number(raw);
}

export function thoughtsRoutes(app: FastifyInstance, store: Store): void {
  const base = "/api/pensamentos";

  app.get(base, async (request, reply) => {
    const raw = (request.query ?? {}) as Record<string, string>;
    const query = toListQuery(parseOrThrow(listQuerySchema, raw));
    const page = await listThoughts(store, query);
    reply.header("X-Total-Count", String(page.total));
    reply.header("Link", linkHeader(base, query, raw, page.total));
    return page.items;
  });

  app.get<{ Params: { id: string } }>(`${base}/:id`, async (request) => {
    const thought = await getThought(store, parseId(request.params.id));
    if (!thought) throw notFound();
    return thought;
  });

  app.post(base, async (request, reply) => {
    const input = parseOrThrow(thoughtInputSchema, request.body);
    const thought = await createThought(store, input);
    reply.code(201).header("Location", `${base}/${thought.id}`);
    return thought;
  });

  app.put<{ Params: { id: string } }>(`${base}/:id`, async (request) => {
    const id = parseId(request.params.id);
    const input = parseOrThrow(thoughtInputSchema, request.body);
    const thought = await replaceThought(store, id, input);
    if (!thought) throw notFound();
    return thought;
  });

  app.patch<{ Params: { id: string } }>(`${base}/:id`, async (request) => {
    const id = parseId(request.params.id);
    const patch = parseOrThrow(thoughtPatchSchema, request.body);
    const thought = await updateThought(store, id, patch);
    if (!thought) throw notFound();
    return thought;
  });

  app.delete<{ Params: { id: string } }>(`${base}/:id`, async (request, reply) => {
    const removed = await deleteThought(store, parseId(request.params.id));
    if (!removed) throw notFound();
    reply.code(204);
  });
}
