import { readFileSync } from "node:fs";

/** A process's resident memory in MiB, from /proc (Linux): what the kernel holds for it right now. */
export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/**
 * Samples a process's resident memory every `everyMs` while `work` runs, and reports the highest sample
 * beside the one taken just before: how much the work made the process grow.
 */
export async function peakWhile<T>(
  pid: number,
  work: () => Promise<T>,
  everyMs = 20,
): Promise<{ result: T; beforeMiB: number; peakMiB: number }> {
  const beforeMiB = residentMiB(pid);
  let peakMiB = beforeMiB;
  const timer = setInterval(() => {
    peakMiB = Math.max(peakMiB, residentMiB(pid));
  }, everyMs);
  try {
    const result = await work();
    peakMiB = Math.max(peakMiB, residentMiB(pid));
    return { result, beforeMiB, peakMiB };
  } finally {
    clearInterval(timer);
  }
}
