import type { Server } from "node:net";
import { fileURLToPath } from "node:url";
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app";
import { adoptPassword } from "./auth/adopt-password";
import { loadConfig } from "./config";
import { openStore, unavailableReason } from "./db";
import { isLoopback, listenHostName } from "./security/host-names";

const STOP_SIGNALS = ["SIGINT", "SIGTERM"] as const;
/** A stop signal repeated within this time is the same stop, not an impatient second one. */
const REPEATED_SIGNAL_MS = 1_000;
const IDLE_SWEEP_MS = 50;

/** Starts Memoteca: reads the configuration, opens the database, listens, and closes gracefully. */
async function main(): Promise<void> {
  const loaded = loadConfig();
  if (!loaded.ok) {
    console.error(
      `Memoteca não pode iniciar, configuração inválida:\n${loaded.problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    process.exit(2);
  }
  const { config } = loaded;
  const store = await openStore(config.database, config.databaseTimeouts).catch((error: unknown) => {
    // A database out of reach is named as such (a bare "timeout expired" or an empty AggregateError is not).
    const reason =
      unavailableReason(error, config.databaseTimeouts) ??
      (error instanceof Error ? error.message : String(error));
    console.error(`Memoteca não pode abrir o banco de dados (DATABASE_URL): ${reason}`);
    process.exit(1);
  });
  // A container takes its password from a file (a Docker secret), never from a variable: hashed and stored
  // as `npm run password` would, before the check below asks whether there is one.
  if (config.passwordFromFile !== undefined && (await adoptPassword(store.auth, config.passwordFromFile))) {
    console.log("Senha definida a partir de MEMOTECA_PASSWORD_FILE; as sessões abertas foram encerradas.");
  }
  // Beyond loopback anyone on the network could read and delete every thought: not without a password,
  // unless a proxy in front says who may pass.
  const passwordRequired = !isLoopback(config.host) && config.auth !== "none";
  if (passwordRequired && (await store.auth.passwordHash()) === undefined) {
    console.error(
      [
        `Memoteca não inicia em HOST=${config.host} sem senha: qualquer pessoa na rede leria e apagaria seus pensamentos.`,
        "Defina uma senha com:  npm run password",
        "(Num contêiner: aponte MEMOTECA_PASSWORD_FILE para um arquivo com a senha, como um segredo do Docker.)",
        "(Se um proxy à frente já autentica os acessos, inicie com AUTH=none.)",
      ].join("\n"),
    );
    await store.close();
    process.exit(2);
  }
  const listenName = listenHostName(config.host);

  // Two folders up, then dist/web: the same folder seen from the bundle (dist/server/main.js, what
  // production runs) and from the source (src/server/main.ts, run by tsx in development and tests).
  const webRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));
  const app = await buildApp({
    store,
    webRoot,
    logger: { level: config.logLevel },
    writeRateLimit: config.writeRateLimit,
    requestTimeoutMs: config.requestTimeoutMs,
    allowedHosts: listenName ? [...config.allowedHosts, listenName] : config.allowedHosts,
    trustProxy: config.trustProxy,
    passwordRequired,
  });

  // SIGINT or SIGTERM: stop accepting, let the requests in flight finish, then close the database. A
  // request that never ends (a body that never arrives) must not keep the process alive past the deadline.
  const graceful = closeWithGrace(
    {
      delay: config.shutdownTimeoutMs,
      logger: app.log,
      skip: [...STOP_SIGNALS],
      onTimeout: (delay) =>
        app.log.error(
          `desistindo: o encerramento passou de ${delay} ms (SHUTDOWN_TIMEOUT_MS), saindo assim mesmo`,
        ),
    },
    async ({ err }) => {
      if (err) app.log.error({ err }, "erro inesperado: encerrando");
      // Closing drops the connections idle at that moment, not those whose request finishes later: a
      // browser's keep-alive connection would then hold the close (Fastify keeps idle ones for 72 s) until
      // the deadline. Measured: 10 s and exit 1 without this sweep, 50 ms and exit 0 with it.
      const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      await store.close();
    },
  );
  // Ctrl+C in a terminal signals `npm start` and the server together, and npm forwards its own copy: one
  // stop arriving twice within milliseconds. Only a signal well after the first means "stop now".
  let stopAsked: number | undefined;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (stopAsked === undefined) {
        stopAsked = Date.now();
        app.log.info({ signal }, "encerrando: aguardando as requisições em andamento");
        graceful.close();
      } else if (Date.now() - stopAsked > REPEATED_SIGNAL_MS) {
        app.log.error(`${signal} de novo: saindo sem esperar as requisições em andamento`);
        process.exit(1);
      }
    });
  }

  try {
    await app.listen({ port: config.port, host: config.host });
    console.log(
      `Memoteca em ${boundAddress(app.server.address())} (banco: ${store.dialect}, Node.js ${process.versions.node})`,
    );
  } catch (error) {
    const code = error instanceof Error && "code" in error ? error.code : undefined;
    if (code === "EADDRINUSE") {
      console.error(
        `A porta ${config.port} já está em uso (PORT). Feche o outro programa ou escolha outra PORT.`,
      );
    } else if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
      console.error(`O endereço ${config.host} não está disponível nesta máquina (HOST).`);
    } else {
      console.error(`Memoteca não pode escutar em ${config.host}:${config.port}: ${String(error)}`);
    }
    await store.close();
    process.exit(1);
  }
}

/** The address the server actually listens on (0.0.0.0 says every interface), as a URL. */
function boundAddress(address: ReturnType<Server["address"]>): string {
  if (address === null || typeof address === "string") return String(address);
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

void main();
