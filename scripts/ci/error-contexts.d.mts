export function printErrorContexts(folder?: string, print?: (text: string) => void): void;
