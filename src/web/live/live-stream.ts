import { apiPaths, EVENTS_SINCE_PARAM, type LiveEventName, liveEvents } from "../../domain/contract";
import { reconnectDelay } from "./backoff";

/** One event as the stream delivered it: its id in the change log, its name and its JSON text. */
export interface LiveMessage {
  id: string;
  name: LiveEventName;
  data: string;
}

/** Open: events arrive. Reconnecting: the stream dropped, and is being opened again. */
export type StreamState = "open" | "reconnecting";

export interface StreamOptions {
  /** The id of the last event this browser saw, if any: the stream starts right after it. */
  since: () => string | undefined;
  onMessage: (message: LiveMessage) => void;
  /** With "open", `from`: the event id the stream started after (undefined: from the moment it opened). */
  onState: (state: StreamState, from?: string) => void;
  /** Swapped by the tests. */
  EventSource?: typeof EventSource;
  random?: () => number;
}

export interface LiveStream {
  close: () => void;
}

const names = Object.values(liveEvents);

/**
 * The server's stream of changes (`/api/eventos`). The browser's own reconnection would keep a fixed pace
 * and gives up on an HTTP error (a proxy's 502, a restart), so any error closes the stream and a new one is
 * opened after a growing, jittered wait (see reconnectDelay), or at once when the connection comes back;
 * each new one starts after the last event seen (`?desde=`, which the server reads as Last-Event-ID).
 */
export function openStream({
  since,
  onMessage,
  onState,
  EventSource: Source = EventSource,
  random,
}: StreamOptions): LiveStream {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let closed = false;

  function connect() {
    timer = undefined;
    if (closed) return;
    const last = since();
    const url = last
      ? `${apiPaths.events}?${EVENTS_SINCE_PARAM}=${encodeURIComponent(last)}`
      : apiPaths.events;
    const opened = new Source(url);
    source = opened;
    opened.onopen = () => {
      attempt = 0;
      onState("open", last);
    };
    for (const name of names) {
      opened.addEventListener(name, (event) => {
        const { lastEventId, data } = event as MessageEvent<string>;
        onMessage({ id: lastEventId, name, data });
      });
    }
    opened.onerror = () => {
      opened.close();
      if (source !== opened || closed) return;
      source = undefined;
      onState("reconnecting");
      timer = setTimeout(connect, reconnectDelay(attempt++, random));
    };
  }

  /** Back online: no reason to wait out the delay. */
  function onOnline() {
    if (timer === undefined || closed) return;
    clearTimeout(timer);
    connect();
  }

  addEventListener("online", onOnline);
  connect();
  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      source?.close();
      source = undefined;
      removeEventListener("online", onOnline);
    },
  };
}
