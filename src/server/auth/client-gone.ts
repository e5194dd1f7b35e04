import type { FastifyReply } from "fastify";

/**
 * Aborts when the client hangs up before its answer is sent. Not Fastify's `request.signal`: Node closes the
 * request's stream as soon as its body is read, which that signal takes for a hang-up.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const hungUp = () => {
    if (!response.writableEnded) controller.abort(new Error("o cliente encerrou a conexão"));
  };
  if (response.destroyed) hungUp();
  else response.once("close", hungUp);
  return controller.signal;
}

/** Resolves after `ms`, or as soon as the client hangs up: a guess waiting out its brake is then dropped. */
export function waitUnlessGone(ms: number, gone: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (gone.aborted) return resolve();
    const timer = setTimeout(done, ms);
    gone.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      gone.removeEventListener("abort", done);
      resolve();
    }
  });
}
