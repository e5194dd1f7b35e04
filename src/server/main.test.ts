import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer } from "../../test-support/server/spawn-server";

const scratch = mkdtempSync(join(tmpdir(), "memoteca-main-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const database = (name: string) => `file:${join(scratch, name, "m.db")}`;

describe("starting the server (src/server/main.ts)", () => {
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

  it("on SIGTERM lets the request in flight finish, then exits with 0", async () => {
    const server = spawnServer({ PORT: "0", DATABASE_URL: database("graceful") });
    try {
      const [, origin = ""] = await server.waitFor(/Memoteca em (http:\/\/\S+)/);
      const health = await fetch(`${origin}/api/health`);
      const token = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get("set-cookie") ?? "")?.[1] ?? "";
      const body = JSON.stringify({ conteudo: "Chegou a tempo", autoria: "Quem desliga" });
      const half = Math.floor(body.length / 2);

      // The request starts, then the server is told to stop before the body has fully arrived.
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${origin}/api/pensamentos`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            cookie: `XSRF-TOKEN=${token}`,
            "x-xsrf-token": token,
          },
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
      expect(finished.status).toBe(201);
      expect(JSON.parse(finished.body)).toMatchObject({ conteudo: "Chegou a tempo" });
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill("SIGKILL");
    }
  });
});
