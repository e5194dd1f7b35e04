import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer } from "../../test-support/server/spawn-server";
import { silentServer } from "../../test-support/server/stalled-link";
import { thoughtInput } from "../../test-support/thought-factory";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from "../domain/contract";
import { hashPassword } from "./auth/password-hash";
import { openStore } from "./db";

const scratch = mkdtempSync(join(tmpdir(), "memoteca-main-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const database = (name: string) => `file:${join(scratch, name, "m.db")}`;

/** A listening server, and the anti-forgery token a write needs. */
async function listening(env: Record<string, string>) {
  const server = spawnServer({ PORT: "0", ...env });
  const [, origin = ""] = await server.waitFor(/Memoteca em (http:\/\/\S+)/);
  const health = await fetch(`${origin}/api/health`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get("set-cookie") ?? "")?.[1] ?? "";
  const writeHeaders = (body: string) => ({
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    cookie: `XSRF-TOKEN=${token}`,
    "x-xsrf-token": token,
  });
  return { server, origin, writeHeaders };
}

/**
 * A POST whose body announces more bytes than ever arrive, so the request stays in flight and closing the
 * server cannot end on its own. Resolves once the server has seen the request.
 */
async function requestThatNeverEnds({ server, origin, writeHeaders }: Awaited<ReturnType<typeof listening>>) {
  const body = JSON.stringify(thoughtInput());
  const stuck = request(`${origin}/api/pensamentos`, { method: "POST", headers: writeHeaders(body) });
  stuck.on("error", () => {});
  stuck.write(body.slice(0, 10));
  await server.waitFor(/"method":"POST","url":"\/api\/pensamentos"/);
  return stuck;
}

describe("starting and stopping the server (src/server/main.ts)", () => {
  it("stops with exit code 2 and names every bad variable", async () => {
    const server = spawnServer({ PORT: "abc", DATABASE_URL: "mysql://root@localhost/db" });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain("configuração inválida");
    expect(server.output()).toContain('PORT="abc"');
    expect(server.output()).toContain('DATABASE_URL="mysql://root@localhost/db"');
  });

  it("names DATABASE_URL when the data folder cannot be created", async () => {
    const notAFolder = join(scratch, "not-a-folder");
    writeFileSync(notAFolder, "");
    const server = spawnServer({ DATABASE_URL: `file:${join(notAFolder, "m.db")}` });
    expect(await server.exited).toBe(2);
    expect(server.output()).toMatch(/DATABASE_URL=.*não aceita escrita/);
  });

  it("says where it listens, on which database and on which Node.js", async () => {
    const { server, origin } = await listening({ DATABASE_URL: database("says-node") });
    try {
      expect(server.output()).toContain(
        `Memoteca em ${origin} (banco: sqlite, Node.js ${process.versions.node})`,
      );
    } finally {
      server.child.kill("SIGKILL");
    }
  });

  it("says so when the port is already in use", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const address = blocker.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const server = spawnServer({ PORT: String(port), DATABASE_URL: database("busy") });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`A porta ${port} já está em uso (PORT)`);
    } finally {
      blocker.close();
    }
  });

  it("on SIGTERM lets the request in flight finish, then exits with 0 without waiting for the client", async () => {
    const { server, origin, writeHeaders } = await listening({ DATABASE_URL: database("graceful") });
    // Like a browser: the connection stays open after the answer, for as long as the server keeps it.
    const browserLike = new Agent({ keepAlive: true });
    try {
      const body = JSON.stringify(thoughtInput({ conteudo: "Chegou a tempo" }));
      const half = Math.floor(body.length / 2);

      // The request starts, then the server is told to stop before the body has fully arrived.
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${origin}/api/pensamentos`, {
          method: "POST",
          agent: browserLike,
          headers: writeHeaders(body),
        });
        req.on("response", (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on("error", reject);
        req.write(body.slice(0, half));
        // Once the server has logged the request (its headers are in), stop it, then send the rest.
        void server
          .waitFor(/"method":"POST","url":"\/api\/pensamentos"/)
          .then(() => {
            server.child.kill("SIGTERM");
            return server.waitFor(/encerrando/);
          })
          .then(() => req.end(body.slice(half)), reject);
      });

      const finished = await answer;
      const answered = Date.now();
      expect(finished.status).toBe(201);
      expect(JSON.parse(finished.body)).toMatchObject({ conteudo: "Chegou a tempo" });
      expect(await server.exited).toBe(0);
      // Well before the 10 s deadline: the open keep-alive connection did not hold the close.
      expect(Date.now() - answered).toBeLessThan(5_000);
    } finally {
      browserLike.destroy();
      server.child.kill("SIGKILL");
    }
  });

  it("on SIGINT twice at once (Ctrl+C under npm start) closes once and exits with 0", async () => {
    const { server } = await listening({ DATABASE_URL: database("sigint") });
    try {
      server.child.kill("SIGINT");
      server.child.kill("SIGINT");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"signal":"SIGINT"');
      expect(server.output()).not.toContain("de novo");
    } finally {
      server.child.kill("SIGKILL");
    }
  });

  it("on a second SIGTERM a while after the first, stops waiting and exits with 1", async () => {
    const { server, origin, writeHeaders } = await listening({ DATABASE_URL: database("impatient") });
    const stuck = await requestThatNeverEnds({ server, origin, writeHeaders });
    try {
      server.child.kill("SIGTERM");
      await server.waitFor(/encerrando/);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain("SIGTERM de novo: saindo sem esperar");
    } finally {
      stuck.destroy();
      server.child.kill("SIGKILL");
    }
  });

  it("gives up on a request that never finishes once SHUTDOWN_TIMEOUT_MS has passed, and exits non-zero", async () => {
    const deadline = 500;
    const { server, origin, writeHeaders } = await listening({
      DATABASE_URL: database("deadline"),
      SHUTDOWN_TIMEOUT_MS: String(deadline),
    });
    const stuck = await requestThatNeverEnds({ server, origin, writeHeaders });
    try {
      const stopping = Date.now();
      server.child.kill("SIGTERM");
      const code = await server.exited;
      const took = Date.now() - stopping;

      expect(code).not.toBe(0);
      expect(server.output()).toContain(`desistindo: o encerramento passou de ${deadline} ms`);
      // It waited for the request, then left well before the default deadline of 10 s.
      expect(took).toBeGreaterThanOrEqual(deadline - 50);
      expect(took).toBeLessThan(5_000);
    } finally {
      stuck.destroy();
      server.child.kill("SIGKILL");
    }
  });

  it("refuses HOST=0.0.0.0 without a password: exit 2, saying to run npm run password", async () => {
    const server = spawnServer({ HOST: "0.0.0.0", PORT: "0", DATABASE_URL: database("exposed") });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain("Memoteca não inicia em HOST=0.0.0.0 sem senha");
    expect(server.output()).toContain("npm run password");
    expect(server.output()).toContain("AUTH=none");
    expect(server.output()).not.toContain("Memoteca em");
  });

  it("starts on HOST=0.0.0.0 with AUTH=none, printing the address it bound, and sends no HSTS over HTTP", async () => {
    const server = spawnServer({
      HOST: "0.0.0.0",
      PORT: "0",
      AUTH: "none",
      DATABASE_URL: database("proxied"),
    });
    try {
      const [, port] = await server.waitFor(/Memoteca em http:\/\/0\.0\.0\.0:(\d+) /);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get("strict-transport-security")).toBeNull();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill("SIGKILL");
    }
  });

  it("starts on HOST=0.0.0.0 once a password is set, and asks for it; TRUST_PROXY=true sends HSTS", async () => {
    const url = database("with-password");
    mkdirSync(join(scratch, "with-password"));
    const store = await openStore({ kind: "sqlite", file: url.slice("file:".length) });
    await store.auth.setPassword(await hashPassword("cavalo correto bateria", { log2N: 10 }));
    await store.close();
    const server = spawnServer({ HOST: "0.0.0.0", PORT: "0", TRUST_PROXY: "true", DATABASE_URL: url });
    try {
      const [, port] = await server.waitFor(/Memoteca em http:\/\/0\.0\.0\.0:(\d+) /);
      const thoughts = await fetch(`http://127.0.0.1:${port}/api/pensamentos`);
      expect(thoughts.status).toBe(401);
      expect(((await thoughts.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
      expect(thoughts.headers.get("strict-transport-security")).toMatch(/^max-age=/);
    } finally {
      server.child.kill("SIGKILL");
    }
  });
});

describe("the password from MEMOTECA_PASSWORD_FILE (src/server/main.ts)", () => {
  /** Signs in with `password`; returns the cookies a signed-in browser sends. */
  async function signIn(origin: string, password: string): Promise<string> {
    const health = await fetch(`${origin}${apiPaths.health}`);
    const token = new RegExp(`${CSRF_COOKIE}=([^;]+)`).exec(health.headers.get("set-cookie") ?? "")?.[1];
    const signedIn = await fetch(`${origin}${apiPaths.session}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: `${CSRF_COOKIE}=${token}`,
        [CSRF_HEADER]: token ?? "",
      },
      body: JSON.stringify({ senha: password }),
    });
    expect(signedIn.status).toBe(204);
    const session = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(
      signedIn.headers.get("set-cookie") ?? "",
    )?.[1];
    return `${SESSION_COOKIE}=${session}`;
  }

  it("hashes and stores it at start, so HOST=0.0.0.0 starts; a restart with the same file keeps the session", async () => {
    const secret = join(scratch, "senha-do-conteiner");
    writeFileSync(secret, "cavalo correto bateria\n");
    const env = {
      HOST: "0.0.0.0",
      PORT: "0",
      DATABASE_URL: database("password-file"),
      MEMOTECA_PASSWORD_FILE: secret,
    };
    const first = spawnServer(env);
    let session: string;
    try {
      const [, port] = await first.waitFor(/Memoteca em http:\/\/0\.0\.0\.0:(\d+) /);
      expect(first.output()).toContain("Senha definida a partir de MEMOTECA_PASSWORD_FILE");
      session = await signIn(`http://127.0.0.1:${port}`, "cavalo correto bateria");
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
    } finally {
      first.child.kill("SIGKILL");
    }

    const second = spawnServer(env);
    try {
      const [, port] = await second.waitFor(/Memoteca em http:\/\/0\.0\.0\.0:(\d+) /);
      expect(second.output()).not.toContain("Senha definida");
      const thoughts = await fetch(`http://127.0.0.1:${port}${apiPaths.thoughts}`, {
        headers: { cookie: session },
      });
      expect(thoughts.status).toBe(200);
    } finally {
      second.child.kill("SIGKILL");
    }
  });

  it("stops with exit code 2, naming the variable, when the file cannot be read", async () => {
    const missing = join(scratch, "segredo-ausente");
    const server = spawnServer({ DATABASE_URL: database("no-secret"), MEMOTECA_PASSWORD_FILE: missing });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain(
      `MEMOTECA_PASSWORD_FILE="${missing}": o arquivo não pode ser lido (ENOENT)`,
    );
  });
});

describe("starting against a PostgreSQL server that is not there (src/server/main.ts)", () => {
  it("exits with 1 within the connect timeout, saying so, when the server accepts but never answers", async () => {
    const silent = await silentServer();
    try {
      const started = Date.now();
      const server = spawnServer({
        DATABASE_URL: `postgres://postgres@127.0.0.1:${silent.port}/memoteca`,
        DATABASE_CONNECT_TIMEOUT_MS: "500",
      });
      expect(await server.exited).toBe(1);
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(server.output()).toContain(
        "Memoteca não pode abrir o banco de dados (DATABASE_URL): o banco de dados não respondeu em 0,5 s (DATABASE_CONNECT_TIMEOUT_MS)",
      );
    } finally {
      await silent.close();
    }
  });

  it("exits with 1, saying nothing accepts connections, when nothing listens at DATABASE_URL", async () => {
    const vacated = createServer();
    await new Promise<void>((resolve) => vacated.listen(0, "127.0.0.1", resolve));
    const address = vacated.address();
    const port = typeof address === "object" && address ? address.port : 0;
    await new Promise((resolve) => vacated.close(resolve));
    const server = spawnServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/memoteca` });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("nada aceita conexões no endereço de DATABASE_URL (ECONNREFUSED)");
  });
});
