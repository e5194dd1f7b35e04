import pg from "pg";
import { CHANGES_CHANNEL_SQL, type ChangeNotice, readChangeNotice } from "../changes/change-log";

/** How long the listener waits before connecting again after its connection ended or failed to open. */
const RECONNECT_MS = 1_000;

/**
 * The change log's listener on PostgreSQL: a client of its own, off the pool (a LISTEN belongs to one
 * session, and a pooled client goes back to others), that hears every commit's NOTIFY (change-log.ts) and
 * calls `onChange` with what the notice says. It listens on its schema's channel only (CHANGES_CHANNEL_SQL).
 * When its connection ends (a restart, a failover, pg_terminate_backend) it connects again after
 * RECONNECT_MS, and calls `onChange` once connected, since notifications sent meanwhile were lost: the
 * reader then reads the log from where it was, so nothing is missed, only later.
 */
export function listenForChanges(
  config: pg.ClientConfig,
  onChange: (notice?: ChangeNotice) => void,
): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const again = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };

  async function connect(): Promise<void> {
    // No statement or idle timeout: the session sits idle between notifications by design.
    const listener = new pg.Client({ ...config, statement_timeout: undefined, query_timeout: undefined });
    listener.on("notification", (message) => onChange(readChangeNotice(message.payload)));
    listener.on("error", () => {
      if (client === listener) client = undefined;
      listener.end().catch(() => {});
      again();
    });
    listener.on("end", () => {
      if (client === listener) client = undefined;
      again();
    });
    try {
      await listener.connect();
      const { rows } = await listener.query<{ channel: string }>(`SELECT ${CHANGES_CHANNEL_SQL} AS channel`);
      const channel = rows[0]?.channel;
      if (!channel) throw new Error("no channel: the connection has no current schema");
      // The name is "memoteca_" and 32 hex digits (CHANGES_CHANNEL_SQL): nothing in it needs escaping.
      await listener.query(`LISTEN "${channel}"`);
    } catch {
      await listener.end().catch(() => {});
      again();
      return;
    }
    if (closed) {
      await listener.end().catch(() => {});
      return;
    }
    client = listener;
    onChange();
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
