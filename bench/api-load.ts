import { Agent, request } from "node:http";

/** One HTTP call the load generator makes; `body` is sent as JSON. */
export interface Call {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  perSecond: number;
}

function send(agent: Agent, port: number, call: Call): Promise<number> {
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        agent,
        method: call.method,
        path: call.path,
        headers: {
          ...call.headers,
          ...(payload === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

/**
 * A closed loop: `connections` clients on keep-alive sockets, each sending its next call as soon as the
 * last one is answered, for `seconds`. Latency is measured per call, from send to the end of the body.
 */
export async function load(
  port: number,
  next: (index: number) => Call,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let index = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const call = next(index++);
      const sent = performance.now();
      const status = await send(agent, port, call).catch(() => 0);
      latencies.push(performance.now() - sent);
      if (status < 200 || status >= 300) errors++;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    perSecond: latencies.length / elapsed,
  };
}
