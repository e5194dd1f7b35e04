import type { FastifyRequest } from "fastify";

/**
 * What the log keeps of a request: its method and path, never its query string, which carries the search
 * text (`q`), a piece of someone's thoughts. Fastify's own line logs the whole URL.
 */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    const query = request.url.indexOf("?");
    return {
      method: request.method,
      url: query === -1 ? request.url : request.url.slice(0, query),
      host: request.host,
      remoteAddress: request.ip,
    };
  },
};
