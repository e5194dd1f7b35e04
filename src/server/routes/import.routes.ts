import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import { IMPORT_MAX_BYTES, importQuerySchema, importResultSchema } from "../../domain/contract-schemas";
import type { Store } from "../db/database";
import { ApiError } from "../errors";
import { UnreadableFileError } from "../import/items";
import { IMPORT_MEDIA_TYPES, mediaTypeOf } from "../import/read-file";
import { runImport } from "../import/run-import";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes a file as its body, not JSON (the API's JSON-only check lets it through). */
    takesFile?: boolean;
  }
}

const ACCEPTED =
  "Envie um arquivo JSON (application/json), CSV (text/csv), zip do Google Takeout (application/zip) ou o My Clippings.txt do Kindle (text/plain).";

/**
 * `POST /api/import[?dryRun=true]`: a file as the body, up to 50 MiB, read as its Content-Type says; the
 * answer counts what went in and names each item left out. A file that cannot be read is a 400 and changes
 * nothing. Behind the password, the anti-forgery check and the write limit, like any write; one request,
 * however many thoughts, counts once.
 */
export const importRoutes: FastifyPluginAsyncZod<{ store: Store }> = async (app, { store }) => {
  // This plugin's own parsers: the file's bytes as they came, whichever kind it is.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(IMPORT_MEDIA_TYPES, { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });
  app.addContentTypeParser("*", (_request, _payload, done) => {
    done(new ApiError("unsupported_media_type", ACCEPTED));
  });

  app.post(
    apiRoutes.import,
    {
      bodyLimit: IMPORT_MAX_BYTES,
      config: { takesFile: true },
      schema: { querystring: importQuerySchema, response: { 200: importResultSchema } },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new ApiError("bad_request", `O arquivo está vazio. ${ACCEPTED}`);
      try {
        return await runImport(
          store.thoughts,
          { body, mediaType: mediaTypeOf(request.headers["content-type"]) },
          { dryRun: request.query.dryRun },
        );
      } catch (error) {
        if (error instanceof UnreadableFileError) throw new ApiError("bad_request", error.message);
        throw error;
      }
    },
  );
};
