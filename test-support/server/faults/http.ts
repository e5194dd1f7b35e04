import {
  apiPaths,
  CSRF_COOKIE,
  CSRF_HEADER,
  type Thought,
  TOTAL_COUNT_HEADER,
} from "../../../src/domain/contract";
import type { ThoughtInput } from "../../../src/domain/thought";

/** Past this a request is taken as hung: the fault suites must end, whatever the server does. */
const REQUEST_TIMEOUT_MS = 8_000;

/** One request's answer; `status` 0 when no answer came (connection refused or reset, timeout). */
export interface Answer {
  via: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
  /** X-Total-Count, when the answer had one. */
  total: number | undefined;
  /** Why no answer came, when status is 0. */
  error?: string;
}

/** Requests to one server process over real HTTP, writes carrying the anti-forgery cookie and header. */
export class ApiSession {
  constructor(
    readonly name: string,
    readonly origin: string,
    readonly token: string,
  ) {}

  async send(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (method !== "GET") {
      headers.cookie = `${CSRF_COOKIE}=${this.token}`;
      headers[CSRF_HEADER] = this.token;
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    const answer = { via: this.name, method, path };
    try {
      const response = await fetch(`${this.origin}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: kept as text for the failure message
      }
      const total = response.headers.get(TOTAL_COUNT_HEADER);
      return {
        ...answer,
        status: response.status,
        body: parsed,
        total: total === null ? undefined : Number(total),
      };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      const reason = error instanceof Error ? `${error.name}: ${error.message}${cause}` : String(error);
      return { ...answer, status: 0, body: undefined, total: undefined, error: reason };
    }
  }

  create(input: Partial<Thought>) {
    return this.send("POST", apiPaths.thoughts, input);
  }
  patch(id: number, patch: Partial<Thought>) {
    return this.send("PATCH", apiPaths.thought(id), patch);
  }
  put(id: number, input: ThoughtInput) {
    return this.send("PUT", apiPaths.thought(id), input);
  }
  remove(id: number) {
    return this.send("DELETE", apiPaths.thought(id));
  }
  get(id: number) {
    return this.send("GET", apiPaths.thought(id));
  }
  /** A list request; `query` is the query string without `?` ("favorito=true&q=brisa"). */
  list(query = "") {
    return this.send("GET", query ? `${apiPaths.thoughts}?${query}` : apiPaths.thoughts);
  }

  /** X-Total-Count of a list query, failing loudly when the answer is not a 200 with the header. */
  async total(query = ""): Promise<number> {
    const answer = await this.list(query ? `${query}&_limit=1` : "_limit=1");
    if (answer.status !== 200 || answer.total === undefined || Number.isNaN(answer.total)) {
      throw new Error(`${this.name}: counting ?${query} answered ${describeAnswer(answer)}`);
    }
    return answer.total;
  }

  /** Every thought, by paging through the whole wall (newest first); meant for a quiet database. */
  async everything(): Promise<{ rows: Thought[]; total: number }> {
    const rows: Thought[] = [];
    let total: number | undefined;
    for (let page = 1; ; page++) {
      const answer = await this.list(`_page=${page}&_limit=100`);
      if (answer.status !== 200 || !Array.isArray(answer.body)) {
        throw new Error(`${this.name}: page ${page} answered ${describeAnswer(answer)}`);
      }
      total ??= answer.total;
      rows.push(...(answer.body as Thought[]));
      if (answer.body.length < 100) break;
    }
    return { rows, total: total ?? Number.NaN };
  }
}

/** The answer's thought, when it is a 2xx carrying one. */
export function thoughtOf(answer: Answer): Thought | undefined {
  const body = answer.body as Partial<Thought> | undefined;
  return answer.status >= 200 && answer.status < 300 && typeof body?.id === "number"
    ? (body as Thought)
    : undefined;
}

/** "B PATCH /api/pensamentos/7 → 500 internal: Erro interno…", short enough to list many. */
export function describeAnswer(answer: Answer): string {
  const head = `${answer.via} ${answer.method} ${answer.path} → `;
  if (answer.status === 0) return `${head}no answer (${answer.error})`;
  const error = (answer.body as { error?: { code?: string; message?: string } } | undefined)?.error;
  return `${head}${answer.status}${error ? ` ${error.code}: ${error.message}` : ""}`;
}

/**
 * A failure message listing the unwanted answers (the first dozen, and how many of each status) and what
 * the servers logged at level error, so a red test says what went wrong without a rerun.
 */
export function report(bad: Answer[], of: number, servers: { name: string; errorLines(): string[] }[] = []) {
  const byStatus = new Map<string, number>();
  for (const answer of bad) {
    const key = answer.status === 0 ? "no answer" : String(answer.status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const lines = [
    `${bad.length} of ${of} answers unwanted (${[...byStatus].map(([k, n]) => `${k}: ${n}`).join(", ")})`,
    ...bad.slice(0, 12).map((answer) => `  ${describeAnswer(answer)}`),
  ];
  for (const server of servers) {
    const logged = server.errorLines();
    if (logged.length > 0)
      lines.push(`server ${server.name} logged:`, ...logged.map((l) => `  ${l.slice(0, 400)}`));
  }
  return lines.join("\n");
}

/** Runs `workers` loops of `step` at once until `keepGoing` says stop (checked before each step). */
export async function inParallel(
  workers: number,
  keepGoing: () => boolean,
  step: (worker: number, round: number) => Promise<void>,
): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let round = 0; keepGoing(); round++) await step(worker, round);
    }),
  );
}

/** Runs `workers` loops of `step` at once for `ms` milliseconds. */
export function forDuration(
  ms: number,
  workers: number,
  step: (worker: number, round: number) => Promise<void>,
) {
  const until = Date.now() + ms;
  return inParallel(workers, () => Date.now() < until, step);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}
