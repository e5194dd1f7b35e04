import { isIP } from "node:net";

/** A Host header split into its name (lower case, IPv6 in brackets) and its port, if it names one. */
export interface HostName {
  name: string;
  port?: string;
}

export function parseHost(value: string): HostName | undefined {
  const match = /^(\[[\da-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match?.[1]) return undefined;
  const name = match[1].toLowerCase();
  return match[2] === undefined ? { name } : { name, port: match[2] };
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An address or name that only this machine reaches: the browser on it, or a proxy on it. */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (name === "localhost" || name === "::1") return true;
  return isIP(name) === 4 && name.startsWith("127.");
}

/** The addresses that mean "every interface": a name to listen on, never one a browser asks for. */
export function isWildcard(host: string): boolean {
  return ["0.0.0.0", "::", "[::]"].includes(host);
}

/**
 * Which Host headers the server answers. A page whose name an attacker points at 127.0.0.1 (DNS rebinding)
 * arrives with the attacker's name in Host, so anything not listed is refused. An entry without a port
 * allows the name on any port; one with a port, that port only.
 */
export function hostAllowList(extraNames: readonly string[]): (hostHeader: string | undefined) => boolean {
  const anyPort = new Set(LOOPBACK_NAMES);
  const exact = new Set<string>();
  for (const entry of extraNames) {
    const host = parseHost(entry);
    if (!host) continue;
    if (host.port === undefined) anyPort.add(host.name);
    else exact.add(`${host.name}:${host.port}`);
  }
  return (hostHeader) => {
    const host = hostHeader === undefined ? undefined : parseHost(hostHeader);
    if (!host) return false;
    return anyPort.has(host.name) || (host.port !== undefined && exact.has(`${host.name}:${host.port}`));
  };
}

/** How a browser writes, in Host, the address the server listens on; nothing for a wildcard. */
export function listenHostName(host: string): string | undefined {
  if (isWildcard(host)) return undefined;
  return isIP(host) === 6 ? `[${host.toLowerCase()}]` : host.toLowerCase();
}
