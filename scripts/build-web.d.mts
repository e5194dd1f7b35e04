export function buildWebApp(
  root: string,
  dist: string,
  options?: { logLevel?: "info" | "warn" | "error" | "silent" },
): Promise<number>;
