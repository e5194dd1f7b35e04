import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths, type Session } from "../../domain/contract";
import { apiRequest } from "./client";
import { sessionKeys } from "./session";
import { signOutKey } from "./use-sign-out";

const signedIn: Session = { autenticado: true, senhaDefinida: true };

/** 204 and a session cookie; a wrong password is a 401 ('Senha incorreta.'), too many tries a 429. */
export async function signIn(senha: string): Promise<void> {
  await apiRequest<void>(apiPaths.session, { method: "POST", body: JSON.stringify({ senha }) });
}

/**
 * Signs in with the password. Everything asked while signed out failed with a 401, so every other query is
 * marked stale and asks again once its screen shows.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => signIn(password),
    onSuccess: async () => {
      queryClient.setQueryData(sessionKeys.all, signedIn);
      // Signed in again: a later sign-in screen (the session expired) no longer says 'Você saiu.'.
      const mutations = queryClient.getMutationCache();
      for (const out of mutations.findAll({ mutationKey: signOutKey })) mutations.remove(out);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
    },
  });
}
