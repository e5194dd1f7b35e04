import type { IncomingMessage } from "node:http";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import { IMPORT_MAX_BYTES, importQuerySchema, importResultSchema } from "../../domain/contract-schemas";
import { messages } from "../../domain/messages";
import type { Store } from "../db";
import { idempotent } from "../live/idempotency-keys";
import { ApiError } from "../errors";
import { createImportGate, type ImportPass } from "../import/import-gate";
import { TooManyItemsError, UnreadableFileError } from "../import/items";
import { IMPORT_MEDIA_TYPES, mediaTypeOf } from "../import/read-file";
import { runImport } from "../import/run-import";
import { apiTags } from "../openapi/route-docs";
import { readFileBody } from "./file-body";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes a file as its body, not JSON (the API's JSON-only check lets it through). */
    takesFile?: boolean;
  }
}

const ACCEPTED =
  "Envie um arquivo JSON (application/json), CSV (text/csv), zip do Google Takeout (application/zip) ou o My Clippings.txt do Kindle (text/plain).";

/**
 * `POST /api/import[?dryRun=true]`: a file as the body, up to 50 MiB and IMPORT_MAX_ITEMS items, read as
 * its Content-Type says; the answer counts what went in and names each item left out. A file that cannot
 * be read is a 400 and changes nothing. Behind the password, the anti-forgery check and the write limit,
 * like any write; one request, however many thoughts, counts once. One import (or dry run) at a time: a
 * second one meanwhile is a 409, answered before its body is read.
 */
export const importRoutes: FastifyPluginAsyncZod<{ store: Store }> = async (app, { store }) => {
  const gate = createImportGate();
  const passes = new WeakMap<FastifyRequest, ImportPass>();

  // This plugin's own parsers: the file's bytes as they came, whichever kind it is.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(IMPORT_MEDIA_TYPES, (request: FastifyRequest, payload: IncomingMessage) =>
    readFileBody(
      payload,
      request.headers["content-length"],
      request.routeOptions.bodyLimit ?? IMPORT_MAX_BYTES,
    ),
  );
  app.addContentTypeParser("*", (_request, _payload, done) => {
    done(new ApiError("unsupported_media_type", ACCEPTED));
  });

  app.post(
    apiRoutes.import,
    {
      bodyLimit: IMPORT_MAX_BYTES,
      config: { takesFile: true },
      schema: {
        summary: "Add the thoughts of a file to the wall",
        description:
          "A Memoteca export (JSON or CSV), a json-server db.json, or a Google Takeout zip with Keep notes. " +
          "Items already on the wall (same text and author) or invalid are left out and counted; with " +
          "`dryRun=true` nothing changes. A file that cannot be read is a 400 and changes nothing. One import " +
          "at a time: another one meanwhile is a 409, answered before its body is read. More than 100,000 " +
          "items is a 413 `too_many_items`.",
        tags: [apiTags.files],
        querystring: importQuerySchema,
        response: { 200: importResultSchema },
      },
      // After the password and the anti-forgery checks, before a byte of the body is read.
      onRequest: async (request, reply) => {
        const pass = gate.enter();
        if (!pass) throw new ApiError("conflict", messages.importBusy);
        passes.set(request, pass);
        reply.raw.once("close", () => pass.closed());
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new ApiError("bad_request", `O arquivo está vazio. ${ACCEPTED}`);
      const pass = passes.get(request);
      if (!pass) throw new Error("an import ran without holding the import gate");
      try {
        return await pass.run(() =>
          runImport(
            store.thoughts,
            { body, mediaType: mediaTypeOf(request.headers["content-type"]) },
            { dryRun: request.query.dryRun },
            (summarise, write) =>
              idempotent(request, store.idempotency, (outcome) => ({ status: 200, body: summarise(outcome) }), write),
          ),
        );
      } catch (error) {
        if (error instanceof UnreadableFileError) throw new ApiError("bad_request", error.message);
        if (error instanceof TooManyItemsError)
          throw new ApiError("too_many_items", messages.importTooManyItems);
        throw error;
      }
    },
  );
};
