export function precompress(folder: string, options?: { only?: (name: string) => boolean }): number;
