import { afterEach, describe, expect, it, vi } from "vitest";
import { apiPaths } from "../../domain/contract";
import { FIRST_WAIT_MS, LONGEST_WAIT_MS, reconnectDelay } from "./backoff";
import { type LiveMessage, openStream, type StreamState } from "./live-stream";
import { shareStream } from "./shared-stream";

/** An EventSource that the test drives: it opens, delivers events and fails when told. */
class FakeSource {
  static opened: FakeSource[] = [];
  readonly listeners = new Map<string, (event: MessageEvent) => void>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  emit(name: string, id: string, data: unknown) {
    this.listeners.get(name)?.({ lastEventId: id, data: JSON.stringify(data) } as MessageEvent);
  }
  fail() {
    this.onerror?.();
  }
}

const live = () => FakeSource.opened.filter((source) => !source.closed);

/** Web Locks as one browser has them: the first to ask holds the lock, the others wait in line. */
class FakeLocks {
  #holder = false;
  #line: { grant: () => void; signal?: AbortSignal }[] = [];
  request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        this.#holder = true;
        callback().then(() => {
          this.#holder = false;
          this.#line.shift()?.grant();
          resolve();
        });
      };
      options.signal?.addEventListener("abort", () => {
        const waiting = this.#line.findIndex((entry) => entry.grant === grant);
        if (waiting >= 0) {
          this.#line.splice(waiting, 1);
          reject(new DOMException("aborted", "AbortError"));
        }
      });
      if (this.#holder) this.#line.push({ grant, signal: options.signal });
      else grant();
    });
  }
}

/** BroadcastChannel between the test's tabs: every other open channel of the name hears a message. */
class FakeChannel {
  static all: FakeChannel[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;
  constructor(readonly name: string) {
    FakeChannel.all.push(this);
  }
  postMessage(message: unknown) {
    for (const other of FakeChannel.all) {
      if (other === this || other.closed || other.name !== this.name) continue;
      queueMicrotask(() => other.onmessage?.({ data: structuredClone(message) } as MessageEvent));
    }
  }
  close() {
    this.closed = true;
  }
}

/** A tab of the browser: what it heard, and its shared stream. */
function openTab(locks: FakeLocks, startAfter?: string) {
  const heard: LiveMessage[] = [];
  const states: (StreamState | undefined)[] = [];
  const gaps: number[] = [];
  const stream = shareStream({
    onMessage: (message) => heard.push(message),
    onState: (state) => states.push(state),
    onGap: () => gaps.push(Date.now()),
    startAfter,
    locks: locks as unknown as LockManager,
    BroadcastChannel: FakeChannel as unknown as typeof BroadcastChannel,
    open: (options) => openStream({ ...options, EventSource: FakeSource as unknown as typeof EventSource }),
  });
  return { heard, states, gaps, stream };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  FakeSource.opened = [];
  FakeChannel.all = [];
  vi.useRealTimers();
});

describe("one stream per browser, shared by its tabs", () => {
  it("opens one stream for two tabs, and both hear its events and its state", async () => {
    const locks = new FakeLocks();
    const first = openTab(locks);
    const second = openTab(locks);
    await settle();
    expect(live()).toHaveLength(1);
    expect(live()[0]?.url).toBe(apiPaths.events);

    live()[0]?.open();
    live()[0]?.emit("pensamento", "41", { pensamento: { id: 1 } });
    await settle();
    for (const tab of [first, second]) {
      expect(tab.heard).toEqual([{ id: "41", name: "pensamento", data: '{"pensamento":{"id":1}}' }]);
      expect(tab.states.at(-1)).toBe("open");
    }
    first.stream.stop();
    second.stream.stop();
  });

  it("when the leading tab closes, another opens the stream after the last event any tab saw", async () => {
    const locks = new FakeLocks();
    const first = openTab(locks);
    const second = openTab(locks);
    await settle();
    const leader = live()[0];
    leader?.open();
    leader?.emit("removido", "57", { id: 9 });
    await settle();

    first.stream.stop();
    await settle();
    expect(leader?.closed).toBe(true);
    expect(live()).toHaveLength(1);
    expect(live()[0]?.url).toBe(`${apiPaths.events}?desde=57`);
    live()[0]?.open();
    live()[0]?.emit("mural", "58", {});
    expect(second.heard.map((message) => message.id)).toEqual(["57", "58"]);
    second.stream.stop();
  });

  it("a page's first stream starts after the event its server-rendered data stands at, with nothing to fetch again", async () => {
    const locks = new FakeLocks();
    const tab = openTab(locks, "41");
    await settle();
    expect(live()[0]?.url).toBe(`${apiPaths.events}?desde=41`);
    live()[0]?.open();
    live()[0]?.emit("pensamento", "42", {});
    expect(tab.heard.map((message) => message.id)).toEqual(["42"]);
    expect(tab.gaps).toHaveLength(0);
    tab.stream.stop();
  });

  it("a stream opened again with no event to start after makes every tab fetch again", async () => {
    const locks = new FakeLocks();
    const first = openTab(locks);
    const second = openTab(locks);
    await settle();
    live()[0]?.open();
    await settle();
    expect(first.gaps).toHaveLength(0);
    // The leading tab closes before any event came: the next stream starts from now, so a change made in
    // between would be missed without a fetch.
    first.stream.stop();
    await settle();
    expect(live()[0]?.url).toBe(apiPaths.events);
    live()[0]?.open();
    expect(second.gaps).toHaveLength(1);
    second.stream.stop();
  });

  it("a tab without Web Locks keeps a stream of its own", async () => {
    const tab = shareStream({
      onMessage: () => {},
      onState: () => {},
      // Null, not undefined: undefined would take the browser's (jsdom has none either).
      locks: null as unknown as LockManager,
      open: (options) => openStream({ ...options, EventSource: FakeSource as unknown as typeof EventSource }),
    });
    expect(live()).toHaveLength(1);
    tab.stop();
    expect(live()).toHaveLength(0);
  });

  it("closes the stream while no stream is wanted (signed out), and opens it again after", async () => {
    const locks = new FakeLocks();
    const tab = openTab(locks);
    await settle();
    live()[0]?.open();
    tab.stream.setWanted(false);
    expect(live()).toHaveLength(0);
    expect(tab.states.at(-1)).toBeUndefined();
    tab.stream.setWanted(true);
    expect(live()).toHaveLength(1);
    tab.stream.stop();
  });
});

describe("reconnecting", () => {
  it("waits a growing, jittered delay, then starts after the last event seen", () => {
    vi.useFakeTimers();
    const states: StreamState[] = [];
    const stream = openStream({
      since: () => "12",
      onMessage: () => {},
      onState: (state) => states.push(state),
      EventSource: FakeSource as unknown as typeof EventSource,
      random: () => 1,
    });
    FakeSource.opened[0]?.open();
    FakeSource.opened[0]?.fail();
    expect(states).toEqual(["open", "reconnecting"]);
    expect(live()).toHaveLength(0);
    vi.advanceTimersByTime(FIRST_WAIT_MS - 1);
    expect(live()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(live().map((source) => source.url)).toEqual([`${apiPaths.events}?desde=12`]);
    // Failing again before it opened: twice as long.
    live()[0]?.fail();
    vi.advanceTimersByTime(2 * FIRST_WAIT_MS - 1);
    expect(live()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(live()).toHaveLength(1);
    stream.close();
  });

  it("draws each wait between its half and its whole, up to half a minute", () => {
    expect(reconnectDelay(0, () => 0)).toBe(FIRST_WAIT_MS / 2);
    expect(reconnectDelay(0, () => 1)).toBe(FIRST_WAIT_MS);
    expect(reconnectDelay(3, () => 0.5)).toBe(6000);
    expect(reconnectDelay(50, () => 1)).toBe(LONGEST_WAIT_MS);
    expect(reconnectDelay(50, () => 0)).toBe(LONGEST_WAIT_MS / 2);
  });
});
