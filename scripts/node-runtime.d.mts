export const SUPPORTED_NODE: string;
export function isSupportedNode(version: string): boolean;
export function requireSupportedNode(): void;
export function preferOwnNode(): void;
