import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  apiRoutes,
  EVENTS_SINCE_PARAM,
  LAST_EVENT_ID_HEADER,
  LIVE_HEARTBEAT_MS,
  liveEvents,
} from "../../domain/contract";
import { requestTokenHash } from "../auth/session-cookie";
import type { AuthRepository, Store } from "../db";
import { eventText, type LiveEvent, type LiveHub, type LiveListener, toEvent } from "../live/live-hub";
import { apiTags } from "../openapi/route-docs";

/** A stream whose client reads slower than this many bytes behind is ended: it reconnects and replays. */
const MAX_BEHIND_BYTES = 1024 * 1024;
/** When the change log is first trimmed after the start, then how often. */
const TIDY_FIRST_MS = 10_000;
const TIDY_EVERY_MS = 60 * 60 * 1000;
/** Rows per read of a replay. */
const REPLAY_BATCH = 500;
/**
 * A replay waits for the client to read once this much is unsent: it goes at the client's pace, and never
 * near MAX_BEHIND_BYTES (one event is at most some 130 KB), which would cut it and make the client start over.
 */
const REPLAY_PAUSE_BYTES = 64 * 1024;

/** What the client said it saw last: a seq, nothing (live from now), or something that is not one. */
type Since = { kind: "none" } | { kind: "seq"; seq: number } | { kind: "malformed" };

function sinceOf(header: string | string[] | undefined, query: string | undefined): Since {
  const raw = Array.isArray(header) ? header[0] : (header ?? query);
  if (raw === undefined) return { kind: "none" };
  const text = raw.trim();
  if (!/^\d{1,15}$/.test(text)) return { kind: "malformed" };
  return { kind: "seq", seq: Number(text) };
}

/** The headers the stream needs, through a reverse proxy too (nginx reads X-Accel-Buffering). */
const STREAM_HEADERS: OutgoingHttpHeaders = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
  Vary: "Cookie",
};

/** The open streams of this instance, by the session they were opened with (sign-out ends them). */
export interface OpenStreams {
  /** Ends the streams of this session ('' for those opened without one), or every stream. */
  end(tokenHash?: string): void;
}

/**
 * One open stream: what it writes, in order, once. A replay reads the rows after the client's Last-Event-ID
 * from the database while the hub's live events wait in `held`; then the held ones after the last replayed
 * go out, and from then on each event as it comes. `sent` is the last seq written: nothing at or below it
 * is written twice.
 */
class Stream implements LiveListener {
  sent = 0;
  #held: LiveEvent[] | undefined = [];
  #ended = false;
  /** Called at the end: a replay waiting for room stops waiting. */
  #onEnded: (() => void) | undefined;

  constructor(
    readonly response: ServerResponse,
    readonly tokenHash: string,
    readonly onEnd: () => void,
  ) {}

  write(text: string): void {
    if (this.#ended) return;
    this.response.write(text);
    // A client that does not read: end it rather than buffer the log in memory; it reconnects and replays.
    if (this.response.writableLength > MAX_BEHIND_BYTES) this.end();
  }

  send(event: LiveEvent): void {
    if (event.seq <= this.sent) return;
    this.sent = event.seq;
    this.write(event.text);
  }

  deliver(event: LiveEvent): void {
    if (this.#held) this.#held.push(event);
    else this.send(event);
  }

  /** The replay is done: the live events held meanwhile go out, those already replayed skipped. */
  goLive(): void {
    const held = this.#held ?? [];
    this.#held = undefined;
    for (const event of held) this.send(event);
  }

  /** Resolves at once when there is room for more, else at the client's next read (or the end). */
  async room(): Promise<void> {
    if (this.#ended || this.response.writableLength <= REPLAY_PAUSE_BYTES) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.response.off("drain", done);
        this.#onEnded = undefined;
        resolve();
      };
      this.response.on("drain", done);
      this.#onEnded = done;
    });
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.onEnd();
    this.response.end();
    this.#onEnded?.();
  }

  get ended(): boolean {
    return this.#ended;
  }
}

/**
 * `GET /api/eventos`: the live stream (issue 42), server-sent events from the change log. Behind the password
 * like every read (the guard runs first); a stream opened with a session ends when that session signs out
 * here, and within a heartbeat when it ends elsewhere (another instance, a new password). `: ok` at once,
 * then, with no Last-Event-ID, an `id:` line alone (the client's Last-Event-ID from the moment it connected,
 * without an event: a reconnection after a crash replays from there) and live events; with one, the rows after
 * it, then live; with a malformed one, or one in the future or below what the log still holds, 'reset'.
 * `: ping` every 15 s keeps proxies from closing a quiet stream.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{
  store: Store;
  hub: LiveHub;
  auth: AuthRepository;
  streams: (open: OpenStreams) => void;
  clock: () => number;
}> = async (app, { store, hub, auth, streams: publish, clock }) => {
  const open = new Set<Stream>();

  const endWhere = (keep: (stream: Stream) => boolean) => {
    for (const stream of [...open]) if (!keep(stream)) stream.end();
  };
  publish({
    end: (tokenHash) => endWhere((stream) => tokenHash !== undefined && stream.tokenHash !== tokenHash),
  });

  /** The heartbeat, and the sessions checked again: one read per session that has streams open. */
  const beat = setInterval(async () => {
    for (const stream of open) stream.write(": ping\n\n");
    const hashes = new Set([...open].map((stream) => stream.tokenHash));
    for (const hash of hashes) {
      try {
        const { passwordSet, sessionExpiresAt } = await auth.access(hash);
        const allowed = !passwordSet || (sessionExpiresAt !== undefined && sessionExpiresAt > clock());
        if (!allowed) endWhere((stream) => stream.tokenHash !== hash);
      } catch {
        // The database is away for a moment: the next beat checks again.
      }
    }
  }, LIVE_HEARTBEAT_MS);
  beat.unref();
  // The log trimmed (7 days, the last 100,000 rows) and the Idempotency-Keys past their 24 hours purged:
  // soon after the start, then every hour. Any instance may do it; two at once delete the same rows.
  const tidy = async () => {
    try {
      // The rows carry the real time of their writes (the app's clock is the sessions', which tests move).
      await store.changes.trim(Date.now());
      await store.idempotency.purge(Date.now());
    } catch {
      // The database is away: the next round tries again.
    }
  };
  const firstTidy = setTimeout(tidy, TIDY_FIRST_MS);
  firstTidy.unref();
  const tidying = setInterval(tidy, TIDY_EVERY_MS);
  tidying.unref();
  // The streams never end by themselves: closing the server ends them, or it would wait for them.
  app.addHook("preClose", async () => {
    clearInterval(beat);
    clearTimeout(firstTidy);
    clearInterval(tidying);
    endWhere(() => false);
    await hub.close();
  });

  app.get(
    apiRoutes.events,
    {
      schema: {
        summary: "Live updates: server-sent events from the change log",
        description:
          "text/event-stream. `event: pensamento` (data `{pensamento}`: a thought created, changed, restored), " +
          "`removido` (`{id}`), `mural` (`{}`: many at once, refetch the lists), `reset` (`{}`: the " +
          "Last-Event-ID is too old, malformed or in the future: refetch everything). Each event's `id` is the " +
          "change log's sequence number; `Last-Event-ID` (or `?desde=`) replays what came after it. A comment " +
          "`: ping` every 15 s.",
        tags: [apiTags.thoughts],
        querystring: z.looseObject({ [EVENTS_SINCE_PARAM]: z.string().optional() }),
      },
      config: { documentedResponses: { 200: { description: "The stream (text/event-stream)." } } },
    },
    async (request, reply) => {
      await hub.start();
      const since = sinceOf(
        request.headers[LAST_EVENT_ID_HEADER.toLowerCase()],
        (request.query as Record<string, string | undefined>)[EVENTS_SINCE_PARAM],
      );
      const bounds = since.kind === "seq" ? await store.changes.bounds() : undefined;
      reply.hijack();
      const response = reply.raw;
      // The headers the hooks set so far (security headers, a renewed session's cookie), then the stream's.
      response.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...STREAM_HEADERS });
      // No delay for the small writes of a stream.
      response.socket?.setNoDelay(true);
      const stream = new Stream(response, requestTokenHash(request), () => {
        open.delete(stream);
        hub.remove(stream);
      });
      open.add(stream);
      hub.add(stream);
      response.on("close", () => stream.end());
      stream.write(": ok\n\n");

      const live = hub.head;
      if (since.kind === "none") {
        stream.sent = live;
        stream.write(`id: ${live}\n\n`);
        stream.goLive();
        return;
      }
      const tooFar =
        since.kind === "malformed" || !bounds || since.seq > bounds.head || since.seq < bounds.floor;
      if (tooFar) {
        stream.sent = live;
        stream.write(eventText(live, liveEvents.reset, {}));
        stream.goLive();
        return;
      }
      stream.sent = since.seq;
      try {
        for (;;) {
          const rows = await store.changes.after(stream.sent, REPLAY_BATCH);
          for (const row of rows) {
            await stream.room();
            if (stream.ended) break;
            const event = toEvent(row);
            if (event) stream.send(event);
            else stream.sent = row.seq;
          }
          if (rows.length < REPLAY_BATCH || stream.ended) break;
        }
        stream.goLive();
      } catch {
        // The database failed mid-replay: the client reconnects with the last id it got and replays the rest.
        stream.end();
      }
    },
  );
};
