// The wall's first page asked one request after another while some work (an import) runs: what a person
// opening the wall meanwhile waits. Budget: p99 ≤ 100 ms during a 100,000-thought import.
import { apiPaths } from "../src/domain/contract";

/** How long to rest between two reads, so the reads sample the import rather than crowd it. */
const READ_EVERY_MS = 20;

export interface WallReads<T> {
  result: T;
  reads: number;
  /** Reads that answered other than 200. */
  failed: number;
  p50: number;
  p99: number;
  slowest: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

export async function wallReadsWhile<T>(
  port: number,
  cookie: string | undefined,
  work: Promise<T>,
): Promise<WallReads<T>> {
  let finished = false;
  let failed = 0;
  const latencies: number[] = [];
  const reading = (async () => {
    while (!finished) {
      const start = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${apiPaths.thoughts}?_page=1&_limit=20`, {
        headers: cookie ? { cookie } : {},
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - start);
      if (response.status !== 200) failed += 1;
      await new Promise((wait) => setTimeout(wait, READ_EVERY_MS));
    }
  })();
  try {
    const result = await work;
    // The read under way when the work ended counts too: it may be the one that waited all along.
    finished = true;
    await reading;
    const sorted = latencies.sort((a, b) => a - b);
    return {
      result,
      reads: sorted.length,
      failed,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      slowest: sorted.at(-1) ?? Number.NaN,
    };
  } finally {
    finished = true;
  }
}
