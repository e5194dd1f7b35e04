import { apiPaths, type Thought } from "../../../domain/contract";
import type { OutboxEntry, OutboxStorage } from "./outbox-entry";
import { newUuid } from "./uuid";

/** What the server answered one try: its status and its body as JSON (undefined when empty or not JSON). */
export interface SendAnswer {
  status: number;
  body: unknown;
}

/** Sends one entry (with its Idempotency-Key and If-Match); throws when no answer came (the connection). */
export type SendEntry = (entry: OutboxEntry) => Promise<SendAnswer>;

/** Runs `work` so that no other tab of this browser runs its own at the same time (a Web Lock). */
export type RunExclusive = (work: () => Promise<void>) => Promise<void>;

export interface OutboxOptions {
  storage: OutboxStorage;
  send: SendEntry;
  /** Web Locks in the browser; tests pass a plain call. */
  exclusive?: RunExclusive;
  /** Whether the browser says it has a connection. */
  online?: () => boolean;
  /** Told after every change of the entries this tab made. */
  onChange?: (entries: OutboxEntry[]) => void;
  /** Told once an entry has reached the server, with the thought it answered (none for a delete). */
  onSent?: (entry: OutboxEntry, thought: Thought | undefined) => void;
  /** Another try later after the server could not answer (5xx, 409 key in use, 429): ms for the n-th wait. */
  retryDelay?: (failures: number) => number;
  /** setTimeout, replaceable in tests. */
  later?: (run: () => void, ms: number) => unknown;
  /** A uuid for each new entry's Idempotency-Key. */
  newKey?: () => string;
  now?: () => number;
}

export type ConflictChoice = "mine" | "theirs" | "both";

/** What a write asks of the outbox: the entry without what the outbox gives it. */
export type NewEntry = Pick<OutboxEntry, "kind" | "method" | "thoughtId" | "body" | "ifMatch" | "shown"> & {
  /** Kept when the write already went out once online with this key (its answer was lost). */
  key?: string;
  tries?: number;
};

export interface Outbox {
  /** Keeps a write to be sent; a write to a thought whose entry was refused replaces that entry. */
  enqueue(entry: NewEntry): Promise<OutboxEntry>;
  /** Sends what waits, in order, while the connection lasts; one tab at a time. */
  drain(): Promise<void>;
  /** Drops an entry the user gave up (a refused one, or a waiting one). */
  discard(seq: number): Promise<void>;
  /**
   * The user's choice for a conflict (412): 'mine' sends it again over the server's version, 'theirs'
   * drops it, 'both' keeps the server's thought and sends the user's text as a new thought (a copy).
   */
  resolve(seq: number, choice: ConflictChoice): Promise<void>;
  entries(): Promise<OutboxEntry[]>;
}

/** The path an entry is sent to. */
export function entryPath(entry: Pick<OutboxEntry, "kind" | "thoughtId">): string {
  return entry.kind === "create" ? apiPaths.thoughts : apiPaths.thought(entry.thoughtId);
}

/** The fields the server sets, left out when an edit's body is folded into a create's. */
const SERVER_SET = new Set(["id", "criadoEm", "atualizadoEm", "versao"]);
const writerFields = (body: unknown) =>
  Object.fromEntries(Object.entries(body as object).filter(([name]) => !SERVER_SET.has(name)));

const GONE_MESSAGE = "Este pensamento não existe mais: foi excluído em outro aparelho.";
const REFUSED_MESSAGE = "O servidor recusou esta alteração.";

function serverMessage(body: unknown): string | undefined {
  const error = (body as { error?: { message?: unknown } } | undefined)?.error;
  return typeof error?.message === "string" ? error.message : undefined;
}

function isThought(body: unknown): body is Thought {
  return typeof body === "object" && body !== null && typeof (body as Thought).id === "number";
}

const versionOf = (thought: Thought | undefined): number | undefined => {
  const versao = (thought as { versao?: unknown } | undefined)?.versao;
  return typeof versao === "number" ? versao : undefined;
};

/** About 1, 2, 4… seconds, at most 30, with a random half so many tabs and devices do not retry in step. */
export function backoff(failures: number): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return base / 2 + Math.random() * (base / 2);
}

/**
 * The outbox: writes made offline, kept in `storage` and sent in the order they were made once there is a
 * connection. Every entry carries its own Idempotency-Key from the moment it is made, and the number of
 * tries is written down before each try, so a try whose answer was lost (the connection dropped after the
 * server wrote) is sent again with the same key and the same body, and the server answers it with its
 * first answer instead of writing twice.
 *
 * What the server says decides the entry's fate: 2xx sent (and dropped); 412 a conflict, kept with the
 * server's thought for the user's choice; 400, 422 or a 404 on a thought refused, kept with the server's
 * message until the user edits or discards it; no answer, 5xx, 408, 409 (the key still in use) or 429: the
 * sending stops and resumes later. A kept (refused or conflicting) entry holds back the entries made after
 * it for the same thought; the others go on.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const {
    storage,
    send,
    exclusive = (work) => work(),
    online = () => true,
    onChange = () => {},
    onSent = () => {},
    retryDelay = backoff,
    later = (run, ms) => setTimeout(run, ms),
    newKey = newUuid,
    now = Date.now,
  } = options;
  let failures = 0;
  let retryPending = false;
  // One drain at a time in this tab; a call during one makes it look again at the end.
  let running: Promise<void> | undefined;
  let again = false;

  const publish = async () => onChange(await storage.all());

  function retryLater() {
    failures += 1;
    if (retryPending) return;
    retryPending = true;
    later(() => {
      retryPending = false;
      void drain();
    }, retryDelay(failures));
  }

  async function enqueue(fresh: NewEntry): Promise<OutboxEntry> {
    const entries = await storage.all();
    // A thought's refused or conflicting entry is replaced by the user's next write of it (their fix), in
    // its place in the order, as a new request: a new key, never tried.
    const kept = entries.find(
      (entry) =>
        entry.thoughtId === fresh.thoughtId && entry.state !== "waiting" && entry.kind === fresh.kind,
    );
    if (kept?.seq !== undefined) {
      const { message: _message, current: _current, ifMatch: _ifMatch, ...rest } = kept;
      const fixed: OutboxEntry = {
        ...rest,
        key: fresh.key ?? newKey(),
        body: fresh.body,
        ...(fresh.ifMatch !== undefined ? { ifMatch: fresh.ifMatch } : {}),
        ...(fresh.shown ? { shown: fresh.shown } : {}),
        at: now(),
        tries: fresh.tries ?? 0,
        state: "waiting",
      };
      await storage.put(fixed);
      await publish();
      return fixed;
    }
    // A stand-in id whose create the user edits again before it was ever sent: the create takes the text.
    const create = entries.find(
      (entry) => entry.kind === "create" && entry.thoughtId === fresh.thoughtId && entry.tries === 0,
    );
    if (create && fresh.kind === "edit" && create.state === "waiting") {
      const body = { ...(create.body as object), ...writerFields(fresh.body) };
      const updated: OutboxEntry = { ...create, body, shown: fresh.shown ?? create.shown };
      await storage.put(updated);
      await publish();
      return updated;
    }
    if (create && fresh.kind === "delete" && create.state !== "conflict" && create.seq !== undefined) {
      // Never sent: deleting it is forgetting it, and whatever waited for it.
      for (const entry of entries) {
        if (entry.thoughtId === fresh.thoughtId && entry.seq !== undefined) await storage.remove(entry.seq);
      }
      await publish();
      return { ...create, kind: "delete" };
    }
    const entry = await storage.add({
      key: fresh.key ?? newKey(),
      kind: fresh.kind,
      method: fresh.method,
      thoughtId: fresh.thoughtId,
      body: fresh.body,
      ...(fresh.ifMatch !== undefined ? { ifMatch: fresh.ifMatch } : {}),
      ...(fresh.shown ? { shown: fresh.shown } : {}),
      at: now(),
      tries: fresh.tries ?? 0,
      state: "waiting",
    });
    await publish();
    return entry;
  }

  /**
   * The entries made after a sent one, for the same thought, follow the server's answer: a create's
   * stand-in id becomes the id the server gave, and If-Match the version this write produced (they were
   * made on top of it; the version the user saw before is the server's no more).
   */
  async function follow(sent: OutboxEntry, thought: Thought, entries: readonly OutboxEntry[]) {
    const version = versionOf(thought);
    for (const entry of entries) {
      if (entry.thoughtId !== sent.thoughtId || entry.seq === sent.seq) continue;
      const { ifMatch: _old, ...rest } = entry;
      await storage.put({
        ...rest,
        thoughtId: thought.id,
        ...(version !== undefined
          ? { ifMatch: version }
          : entry.ifMatch !== undefined
            ? { ifMatch: entry.ifMatch }
            : {}),
        ...(entry.shown ? { shown: { ...entry.shown, id: thought.id } } : {}),
      });
    }
  }

  /** One try of one entry: whether the sending may go on to the next. */
  async function sendOne(
    entry: OutboxEntry & { seq: number },
    entries: readonly OutboxEntry[],
  ): Promise<boolean> {
    // Written before it goes: from now on its body is bound to its key.
    const tried = { ...entry, tries: entry.tries + 1 };
    await storage.put(tried);
    let answer: SendAnswer;
    try {
      answer = await send(tried);
    } catch {
      retryLater();
      return false;
    }
    const { status, body } = answer;
    if (status >= 200 && status < 300) {
      failures = 0;
      const thought = isThought(body) ? body : undefined;
      // A create's stand-in id may have been used by a write made while it was on its way: read afresh.
      if (thought) await follow(tried, thought, tried.kind === "create" ? await storage.all() : entries);
      await storage.remove(tried.seq);
      onSent(tried, thought);
      return true;
    }
    if (status === 404 && tried.kind === "delete") {
      // Already gone: what the user asked for is true.
      await storage.remove(tried.seq);
      onSent(tried, undefined);
      return true;
    }
    if (status === 412) {
      const current = (body as { atual?: unknown } | undefined)?.atual;
      await storage.put({
        ...tried,
        state: "conflict",
        message: serverMessage(body) ?? "Este pensamento mudou em outro aparelho.",
        ...(isThought(current) ? { current } : {}),
      });
      return true;
    }
    if (status === 400 || status === 404 || status === 413 || status === 422) {
      const message = status === 404 ? GONE_MESSAGE : (serverMessage(body) ?? REFUSED_MESSAGE);
      await storage.put({ ...tried, state: "refused", message });
      return true;
    }
    // 401/403 (the session ended), 408, 409 (the same key still being answered), 429, 5xx: later.
    retryLater();
    return false;
  }

  async function drainOnce(): Promise<void> {
    for (;;) {
      if (!online()) return;
      const entries = await storage.all();
      const held = new Set<number>();
      let next: (OutboxEntry & { seq: number }) | undefined;
      for (const entry of entries) {
        if (entry.seq === undefined) continue;
        if (entry.state !== "waiting") {
          held.add(entry.thoughtId);
          continue;
        }
        if (held.has(entry.thoughtId)) continue;
        next = entry as OutboxEntry & { seq: number };
        break;
      }
      if (!next) return;
      const goOn = await sendOne(next, entries);
      await publish();
      if (!goOn) return;
    }
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await exclusive(drainOnce);
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  async function resolve(seq: number, choice: ConflictChoice): Promise<void> {
    const entry = (await storage.all()).find((stored) => stored.seq === seq);
    if (entry?.state !== "conflict") return;
    if (choice === "theirs") {
      await storage.remove(seq);
    } else {
      const { message: _message, current, ifMatch: _ifMatch, ...rest } = entry;
      const version = versionOf(current);
      const copyId = -now();
      const mine: OutboxEntry =
        choice === "mine"
          ? { ...rest, ...(version !== undefined ? { ifMatch: version } : {}) }
          : {
              ...rest,
              kind: "create",
              method: "POST",
              thoughtId: copyId,
              body: { ...writerFields(entry.shown ?? entry.body), favorito: false },
              ...(entry.shown ? { shown: { ...entry.shown, id: copyId, favorito: false } } : {}),
            };
      // A new request: a new key, never tried.
      await storage.put({ ...mine, key: newKey(), tries: 0, state: "waiting", at: now() });
    }
    await publish();
    void drain();
  }

  return {
    enqueue,
    drain,
    resolve,
    discard: async (seq) => {
      await storage.remove(seq);
      await publish();
      // What it held back may go now.
      void drain();
    },
    entries: () => storage.all(),
  };
}
