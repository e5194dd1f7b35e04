export const CACHE: string;
/** Node 24's folder (its binary is `bin/node`) and its version, fetched from the npm registry once. */
export function node24(): { home: string; version: string };
