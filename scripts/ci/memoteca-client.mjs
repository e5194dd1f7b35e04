// A client of a running Memoteca that behaves as the web app in a browser does: it keeps the cookies the
// server sets (anti-forgery token, session) and echoes the anti-forgery token on every write.

/** Calls on `origin`; each returns { status, body } and throws, naming the call, on another status. */
export function memotecaClient(origin) {
  const cookies = new Map();

  async function call(method, path, { body, expect }) {
    const headers = { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") };
    if (method !== "GET") headers["x-xsrf-token"] = cookies.get("XSRF-TOKEN") ?? "";
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (response.status !== expect) {
      throw new Error(`${method} ${path} answered ${response.status}, not ${expect}: ${text.slice(0, 300)}`);
    }
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  return {
    /** Also hands out the anti-forgery cookie that every write needs. */
    health: () => call("GET", "/api/health", { expect: 200 }),
    signIn: async (password) => {
      if (!cookies.has("XSRF-TOKEN")) await call("GET", "/api/health", { expect: 200 });
      return call("POST", "/api/sessao", { body: { senha: password }, expect: 204 });
    },
    createThought: async (thought) => {
      if (!cookies.has("XSRF-TOKEN")) await call("GET", "/api/health", { expect: 200 });
      return call("POST", "/api/pensamentos", { body: thought, expect: 201 });
    },
    thought: (id) => call("GET", `/api/pensamentos/${id}`, { expect: 200 }),
  };
}
