import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiRoutes } from "../../domain/contract";
import { sessionSchema, signInSchema } from "../../domain/contract-schemas";
import type { Access } from "../auth/access";
import type { SignIn } from "../auth/sign-in";

/** Whether a password is set and this browser signed in; signing in (204 + cookie) and out (204). */
export const sessionRoutes: FastifyPluginAsyncZod<{ access: Access; signIn: SignIn }> = async (
  app,
  { access, signIn },
) => {
  app.get(apiRoutes.session, { schema: { response: { 200: sessionSchema } } }, async (request, reply) => {
    const { passwordSet, signedIn } = await access.state(request, reply);
    reply.header("Cache-Control", "no-store");
    return { autenticado: signedIn, senhaDefinida: passwordSet };
  });

  app.post(apiRoutes.session, { schema: { body: signInSchema } }, async (request, reply) => {
    await signIn.signIn(request, reply, request.body.senha);
    return reply.code(204).send();
  });

  app.delete(apiRoutes.session, async (request, reply) => {
    await signIn.signOut(request, reply);
    return reply.code(204).send();
  });
};
