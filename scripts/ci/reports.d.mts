export interface Counted {
  passed: number;
  failed: number;
  skipped: number;
}
export function readReport(report: {
  file: string;
  kind: "vitest" | "playwright";
}): { counted: Counted; failures: string[] } | undefined;
export function countReport(report: { file: string; kind: "vitest" | "playwright" }): Counted | undefined;
export function firstLine(message: unknown): string;
