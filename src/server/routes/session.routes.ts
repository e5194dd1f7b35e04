import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes, DEVICE_COOKIE, SESSION_COOKIE } from "../../domain/contract";
import { sessionSchema, signInSchema } from "../../domain/contract-schemas";
import type { Access } from "../auth/access";
import { requestTokenHash } from "../auth/session-cookie";
import type { SignIn } from "../auth/sign-in";
import { apiTags, noBody } from "../openapi/route-docs";

const tags = [apiTags.session];

/** Whether a password is set and this browser signed in; signing in (204 + cookie) and out (204). */
export const sessionRoutes: FastifyPluginAsyncZod<{
  access: Access;
  signIn: SignIn;
  /** Told of a sign-out, by the session's token hash: the live streams opened with it end. */
  signedOut?: (tokenHash: string) => void;
}> = async (app, { access, signIn, signedOut }) => {
  app.get(
    apiRoutes.session,
    {
      schema: {
        summary: "Whether a password is set and this browser signed in",
        tags,
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      const { passwordSet, signedIn } = await access.state(request, reply);
      reply.header("Cache-Control", "no-store");
      return { autenticado: signedIn, senhaDefinida: passwordSet };
    },
  );

  app.post(
    apiRoutes.session,
    {
      schema: {
        summary: "Sign in with the password",
        description:
          "Only failures count: each wrong password makes the next try from that address wait longer (0.25 s " +
          "doubling to 15 s), and past 5 in 15 minutes a wrong one answers 429. One guess at a time per address: " +
          "another while one waits or is checked answers 429 with Retry-After at once. A browser that signed in " +
          "before carries a device cookie and has a brake of its own, so guesses from its address never keep it out.",
        tags,
        body: signInSchema,
      },
      config: {
        documentedResponses: {
          204: noBody(
            `Signed in: the answer sets the \`${SESSION_COOKIE}\` cookie, and the \`${DEVICE_COOKIE}\` cookie that names this browser.`,
          ),
        },
      },
    },
    async (request, reply) => {
      await signIn.signIn(request, reply, request.body.senha);
      return reply.code(204).send();
    },
  );

  app.delete(
    apiRoutes.session,
    {
      schema: { summary: "Sign out", tags },
      config: {
        documentedResponses: { 204: noBody("Signed out: the session ends and its cookie is cleared.") },
      },
    },
    async (request, reply) => {
      const tokenHash = requestTokenHash(request);
      await signIn.signOut(request, reply);
      if (tokenHash !== "") signedOut?.(tokenHash);
      return reply.code(204).send();
    },
  );
};
