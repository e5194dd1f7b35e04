import pg from "pg";

/**
 * One pipelined connection that the requests share for their standalone reads. pg writes each query as
 * soon as it is asked, without waiting for the answer to the one before, and PostgreSQL answers them in
 * order; the queries asked within one turn of the event loop leave in one socket write. So under load the
 * cost of waking the other process, the largest part of a read's cost on a small machine, is paid once
 * for several queries instead of once for each. Measured on this machine (100k thoughts, 8 connections,
 * docs/benchmarks.md): the first page went from 60 % to 89 % of SQLite's req/s.
 *
 * The price is that reads wait in line behind each other on one backend: a slow one (a search's first
 * count, an export's chunk) delays those asked after it by its own length. Transactions and writes never
 * come here (see `discardingBrokenClients`).
 *
 * The connection opens at the first read and again after it fails: a failure fails the reads in flight on
 * it (their requests answer 503), and the next read opens a fresh connection.
 */
export function sharedReader(config: pg.ClientConfig, onError: (error: Error) => void) {
  let current: Promise<pg.Client> | undefined;
  let corked: pg.Client | undefined;

  const open = () => {
    const client = new pg.Client({ ...config, pipeline: true });
    const opening = client.connect().then(
      () => client,
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    const forget = () => {
      if (current === opening) current = undefined;
    };
    client.on("error", (error) => {
      forget();
      onError(error);
      client.end().catch(() => {});
    });
    client.on("end", forget);
    return opening;
  };

  /** Holds the socket's writes until the event loop's check phase, so that reads asked meanwhile go as one. */
  const corkUntilCheckPhase = (client: pg.Client) => {
    if (corked === client) return;
    corked = client;
    // cork() counts: pg's own cork and uncork around each query's messages leave this one in force.
    const socket = client.connection.stream;
    socket.cork();
    setImmediate(() => {
      corked = undefined;
      socket.uncork();
    });
  };

  return {
    async client(): Promise<pg.Client> {
      current ??= open();
      const client = await current;
      corkUntilCheckPhase(client);
      return client;
    },
    async end(): Promise<void> {
      const client = await current?.catch(() => undefined);
      current = undefined;
      await client?.end();
    },
  };
}

export type SharedReader = ReturnType<typeof sharedReader>;
