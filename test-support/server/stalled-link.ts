import { createConnection, createServer, type Server, type Socket } from "node:net";
import { type OpenOptions, openStore, type Store } from "../../src/server/db";
import { testDatabaseUrl } from "./test-stores";

export interface SilentServer {
  port: number;
  close(): Promise<void>;
}

/** A TCP server that accepts connections and never writes a byte: a database that stopped answering. */
export async function silentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  const port = await listen(server);
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface StallingProxy {
  port: number;
  /** Holds every byte in both directions, connections staying open: a network link that stopped answering. */
  stall(): void;
  /** Delivers what was held and forwards again. */
  resume(): void;
  /** Cuts every connection through the proxy, as a network failure would. */
  cut(): void;
  /** How many client connections are open through the proxy now. */
  openConnections(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy to `host:port`. Stalling it holds the traffic instead of dropping it, so a client sees
 * nothing but silence, exactly what a stalled link or a frozen server looks like from its side.
 */
export async function stallingProxy(host: string, port: number): Promise<StallingProxy> {
  let stalled = false;
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  };
  const forward = (from: Socket, to: Socket) => {
    from.on("data", (chunk) => {
      if (stalled) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on("close", () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = createConnection({ host, port });
    track(client);
    track(upstream);
    clients.add(client);
    client.on("close", () => clients.delete(client));
    forward(client, upstream);
    forward(upstream, client);
  });
  const proxyPort = await listen(server);
  const cut = () => {
    held.length = 0;
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: proxyPort,
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
      for (const write of held.splice(0)) write();
    },
    cut,
    openConnections: () => clients.size,
    close: () => {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same PostgreSQL URL, reached through 127.0.0.1:`port` instead. */
export function throughPort(url: string, port: number): string {
  const rerouted = new URL(url);
  rerouted.hostname = "127.0.0.1";
  rerouted.port = String(port);
  return rerouted.toString();
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
}

/**
 * A store on the test PostgreSQL server reached through a stalling proxy (not migrated: the tests that use
 * it only ask trivial queries), so a test can stall or cut the link under it.
 */
export async function storeThroughProxy(
  options: OpenOptions = {},
): Promise<{ proxy: StallingProxy; store: Store }> {
  const target = new URL(testDatabaseUrl());
  const proxy = await stallingProxy(target.hostname, Number(target.port || 5432));
  const store = await openStore(
    { kind: "postgres", url: throughPort(testDatabaseUrl(), proxy.port) },
    { migrate: false, ...options },
  );
  return { proxy, store };
}
