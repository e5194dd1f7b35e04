import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openStore } from "./db/database";

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
  const store = await openStore(config.database).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Memoteca não pode abrir o banco de dados (DATABASE_URL): ${reason}`);
    process.exit(1);
  });
  const webRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));
  const app = await buildApp({ store, webRoot, logger: { level: config.logLevel } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "encerrando: aguardando as requisições em andamento");
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    const address = await app.listen({ port: config.port, host: config.host });
    console.log(`Memoteca em ${address.replace("[::1]", "localhost")} (banco: ${store.dialect})`);
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

void main();
