import {
  type LiveMessage,
  type LiveStream,
  openStream,
  type StreamOptions,
  type StreamState,
} from "./live-stream";

/** The lock whose holder, one tab of the browser, keeps the stream; and the channel it shares it on. */
export const LEADER_LOCK = "memoteca-eventos";
export const CHANNEL_NAME = "memoteca-eventos";

/** What tabs tell each other: an event, the stream's state (with the last id seen), a new tab's question. */
export type ChannelMessage =
  | { kind: "event"; message: LiveMessage }
  | { kind: "state"; state: StreamState | undefined; last: string | undefined }
  | { kind: "gap" }
  | { kind: "ask" };

export interface SharedStreamOptions {
  onMessage: (message: LiveMessage) => void;
  /** The stream's state, as the leading tab reports it; undefined while no stream is wanted. */
  onState: (state: StreamState | undefined) => void;
  /**
   * Events may have been missed: a stream opened again (a drop, a new leading tab) with no event id to
   * start after, as when no event had come yet. The tabs fetch what they show again.
   */
  onGap?: () => void;
  /**
   * The event id this page's data stands at (the change log's head before the server read the page's
   * answers): a first stream starts after it, so a change made while the page loaded comes as an event.
   */
  startAfter?: string;
  /** Whether a stream is wanted from the start (not while signed out); see setWanted. */
  wanted?: boolean;
  /** Swapped by the tests. */
  locks?: LockManager;
  BroadcastChannel?: typeof BroadcastChannel;
  open?: (options: StreamOptions) => LiveStream;
}

export interface SharedStream {
  /** Whether a stream is wanted (not while signed out): the leader closes or opens its stream. */
  setWanted: (wanted: boolean) => void;
  /** Leaves: a leader gives the lock up, and the next tab in line opens the stream. */
  stop: () => void;
}

/**
 * One stream per browser, shared by its tabs: the tab that holds the Web Lock opens it and posts every
 * event (and its state) on a BroadcastChannel, which the other tabs read instead of opening their own.
 * When it closes, the lock passes to another tab, which opens the stream after the last event any tab saw.
 * Without Web Locks or BroadcastChannel (an older browser), each tab keeps its own stream.
 */
export function shareStream({
  onMessage,
  onState,
  onGap = () => {},
  startAfter,
  wanted: wantedAtFirst = true,
  locks = globalThis.navigator?.locks,
  BroadcastChannel: Channel = globalThis.BroadcastChannel,
  open = openStream,
}: SharedStreamOptions): SharedStream {
  const channel = typeof Channel === "function" && locks ? new Channel(CHANNEL_NAME) : undefined;
  let last: string | undefined = startAfter;
  let leading = false;
  let wanted = wantedAtFirst;
  let state: StreamState | undefined;
  let stream: LiveStream | undefined;
  // A stream was open in this browser before (this tab's or the leading tab's): a new one must not leave a gap.
  let openedBefore = false;
  let release: (() => void) | undefined;
  const quit = new AbortController();

  const post = (message: ChannelMessage) => channel?.postMessage(message);

  function report(next: StreamState | undefined) {
    state = next;
    onState(next);
    post({ kind: "state", state: next, last });
  }

  function receive(message: LiveMessage) {
    // An event without an id (a 'reset' on a new stream) leaves the ids behind it: start over from now.
    last = message.id || undefined;
    onMessage(message);
  }

  function startStream() {
    if (stream || !leading || !wanted) return;
    stream = open({
      since: () => last,
      onMessage: (message) => {
        receive(message);
        post({ kind: "event", message });
      },
      onState: (next, from) => {
        if (next === "open") {
          if (openedBefore && from === undefined) {
            onGap();
            post({ kind: "gap" });
          }
          openedBefore = true;
        }
        report(next);
      },
    });
  }

  function stopStream() {
    stream?.close();
    stream = undefined;
    if (leading) report(undefined);
  }

  if (channel) {
    channel.onmessage = ({ data }: MessageEvent<ChannelMessage>) => {
      if (data.kind === "event") receive(data.message);
      else if (data.kind === "gap") onGap();
      else if (data.kind === "ask") {
        if (leading) post({ kind: "state", state, last });
      } else if (!leading) {
        if (data.state === "open") openedBefore = true;
        last = data.last ?? last;
        state = data.state;
        onState(data.state);
      }
    };
    post({ kind: "ask" });
  }

  function lead() {
    leading = true;
    startStream();
  }

  if (channel && locks) {
    locks
      .request(LEADER_LOCK, { signal: quit.signal }, () => {
        lead();
        // Held until this tab leaves.
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      .catch(() => {});
  } else lead();

  return {
    setWanted(next) {
      if (next === wanted) return;
      wanted = next;
      if (next) startStream();
      else stopStream();
    },
    stop() {
      quit.abort();
      stream?.close();
      stream = undefined;
      // The next tab in line takes over; the others hear nothing until it reports.
      if (leading) post({ kind: "state", state: "reconnecting", last });
      leading = false;
      release?.();
      channel?.close();
    },
  };
}
