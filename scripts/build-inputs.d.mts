export const STAMP: string;
export const SERVER_ENTRY: string;
export const SSR_ENTRY: string;
export function inputsHash(root: string): string;
export function buildState(root: string): "fresh" | "stale" | "missing";
