import { apiPaths, LAST_EVENT_ID_HEADER } from "../../src/domain/contract";

/** One server-sent event as a client reads it (comments are kept apart). */
export interface ReadEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** How long a wait for an event gives up after: the suites must end, whatever the server does. */
const WAIT_MS = 10_000;

/**
 * A client of `/api/eventos` over real HTTP, as a browser's EventSource reads it: the events in order, the
 * last id seen (an `id:` line alone sets it too), the comments (`: ok`, `: ping`). It does not reconnect by
 * itself: a test reconnects with `lastEventId`, to the server it chooses.
 */
export class SseClient {
  readonly events: ReadEvent[] = [];
  readonly comments: string[] = [];
  lastEventId: string | undefined;
  status = 0;
  headers: Headers | undefined;
  ended = false;
  #controller = new AbortController();
  #waiters = new Set<() => void>();
  #done: Promise<void> = Promise.resolve();
  /**
   * The response, held for as long as the client: undici cancels the body of a Response that is garbage
   * collected, closing the connection, and a client that holds only the body (one that waits before it
   * reads) saw its stream cut by a collection, as if the server had ended it.
   */
  #response: Response | undefined;

  static async open(
    origin: string,
    {
      lastEventId,
      cookie,
      query = "",
      reading = Promise.resolve(),
    }: {
      lastEventId?: string;
      cookie?: string;
      query?: string;
      /** The client reads nothing until this resolves: a client slower than the server writes. */
      reading?: Promise<void>;
    } = {},
  ): Promise<SseClient> {
    const client = new SseClient();
    client.lastEventId = lastEventId;
    const headers: Record<string, string> = { accept: "text/event-stream" };
    if (lastEventId !== undefined) headers[LAST_EVENT_ID_HEADER] = lastEventId;
    if (cookie) headers.cookie = cookie;
    const response = await fetch(`${origin}${apiPaths.events}${query}`, {
      headers,
      signal: client.#controller.signal,
    });
    client.#response = response;
    client.status = response.status;
    client.headers = response.headers;
    if (!response.body) throw new Error("the stream has no body");
    // A client closed before it was let read ends at once.
    const closed = new Promise<void>((resolve) =>
      client.#controller.signal.addEventListener("abort", () => resolve(), { once: true }),
    );
    client.#done = Promise.race([reading, closed]).then(() => client.#read());
    return client;
  }

  async #read(): Promise<void> {
    const body = this.#response?.body;
    // open() refused a response without a body.
    if (!body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          this.#block(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        this.#notify();
      }
    } catch {
      // aborted, or the server died: `ended` says so
    } finally {
      this.ended = true;
      this.#notify();
    }
  }

  #block(block: string): void {
    let id: string | undefined;
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) this.comments.push(line.slice(1).trim());
      else if (line.startsWith("id:")) id = line.slice(3).trim();
      else if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trim());
    }
    if (id !== undefined) this.lastEventId = id;
    if (data.length > 0) this.events.push({ id, event, data: data.join("\n") });
  }

  #notify(): void {
    for (const waiter of this.#waiters) waiter();
  }

  /** Resolves once `check` holds (checked at every chunk and at the end); rejects after WAIT_MS. */
  until(check: (client: SseClient) => boolean, what = "a condition", ms = WAIT_MS): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter = () => {
        if (!check(this)) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`waited ${ms} ms for ${what}; events: ${JSON.stringify(this.events.slice(-10))}`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        this.#waiters.delete(waiter);
      };
      this.#waiters.add(waiter);
      waiter();
    });
  }

  /** The events named `event`, their data parsed. */
  named<T = unknown>(event: string): T[] {
    return this.events.filter((read) => read.event === event).map((read) => JSON.parse(read.data) as T);
  }

  async close(): Promise<void> {
    this.#controller.abort();
    await this.#done;
  }
}
