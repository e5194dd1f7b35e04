import { apiPaths } from "../domain/contract";
import { API_CACHE, RUNTIME_CACHES } from "../domain/offline-contract";

/**
 * Whether an answer from the network says this browser has no session while a password is set: a 401 from
 * any read, or the session's own answer saying so. The session may have ended on the server (expired,
 * signed out elsewhere, the password changed) without this browser signing out.
 */
export async function saysSessionEnded(pathname: string, response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (pathname !== apiPaths.session || response.status !== 200) return false;
  try {
    const session: unknown = await response.clone().json();
    return (
      typeof session === "object" &&
      session !== null &&
      "senhaDefinida" in session &&
      "autenticado" in session &&
      session.senhaDefinida === true &&
      session.autenticado === false
    );
  } catch {
    return false;
  }
}

/** What the session read answers offline once the session is known to be gone: signed out. */
const signedOut = () =>
  new Response(JSON.stringify({ autenticado: false, senhaDefinida: true }), {
    headers: { "Content-Type": "application/json" },
  });

/** The part of the Cache Storage API this needs (the tests give a stand-in). */
export interface CacheStore {
  delete(name: string): Promise<boolean>;
  open(name: string): Promise<{ put(request: string, response: Response): Promise<void> }>;
}

/**
 * Empties the pages and reads kept for offline use as soon as the server says the session is gone, and
 * keeps in their place a session answer that says so: an offline visitor afterwards sees the sign-in
 * screen, not the thoughts of a session that no longer exists. The built files stay: they hold no thought.
 */
export function forgetOnSessionEnd(caches: CacheStore) {
  return {
    /** Workbox's hook for an answer that came from the network (a Workbox plugin needs nothing more). */
    async fetchDidSucceed({ request, response }: { request: Request; response: Response }) {
      if (await saysSessionEnded(new URL(request.url).pathname, response)) {
        await Promise.all(RUNTIME_CACHES.map((name) => caches.delete(name)));
        const kept = await caches.open(API_CACHE);
        await kept.put(new URL(apiPaths.session, request.url).href, signedOut());
      }
      return response;
    },
  };
}
