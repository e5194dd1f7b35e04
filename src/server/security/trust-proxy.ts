import { BlockList, isIP } from "node:net";

/**
 * Which proxies stand in front: false (none: the socket's address is the client), a number of hops (the
 * client is the address that many proxies back from the socket), or the proxies' own addresses and ranges
 * (the client is the right-most address in X-Forwarded-For that is not one of them). Never `true`:
 * Fastify would then take the left-most address, which the client writes itself.
 */
export type TrustedProxies = false | number | readonly string[];

/** proxy-addr's names for the private ranges (loopback, link-local, unique-local). */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, or an address with a prefix length fitting its family (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as written: `false`, `true` (one proxy: the usual single nginx or Caddy in front), a hop
 * count, or a comma list of proxy addresses and ranges. Returns a message in pt-BR when it is none of these.
 */
export function parseTrustProxy(raw: string): TrustedProxies | { problem: string } {
  const value = raw.trim();
  if (value === "false" || value === "0") return false;
  if (value === "true") return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : { problem: "o número de proxies deve estar entre 0 e 10" };
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong !== undefined) {
    return {
      problem:
        "deve ser true, false, um número de proxies ou uma lista de endereços e faixas dos proxies " +
        `(como 10.0.0.2,192.168.0.0/16)${wrong === undefined ? "" : `; "${wrong}" não é um deles`}`,
    };
  }
  return entries;
}

/** Whether any proxy is trusted: then the proxy holds the TLS (Secure cookies, HSTS) and X-Forwarded-Host counts. */
export const behindProxy = (trusted: TrustedProxies): boolean => trusted !== false && trusted !== 0;

/** Loopback, link-local and private ranges: where a proxy on the same host or network connects from. */
const privatePeers = new BlockList();
for (const [network, prefix, type] of [
  ["127.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["::1", 128, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
] as const) {
  privatePeers.addSubnet(network, prefix, type);
}

const isPrivatePeer = (address: string) => {
  const family = isIP(address);
  return family !== 0 && privatePeers.check(address, family === 4 ? "ipv4" : "ipv6");
};

/**
 * The value handed to Fastify's `trustProxy`. A list goes as it is. A hop count becomes a trust function,
 * as Fastify asks (it refuses bare counts, since whoever reaches the server directly could then write the
 * forwarded headers): the nearest hop must connect from a loopback or private address, as a proxy on the
 * same host or network does; a client from a public address is taken for itself, whatever it claims.
 * A proxy that connects from a public address is named in the list form instead.
 */
export function fastifyTrustProxy(
  trusted: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trusted === false || trusted === 0) return false;
  if (typeof trusted === "object") return [...trusted];
  const hops = trusted;
  return (address, hop) => hop < hops && (hop > 0 || isPrivatePeer(address));
}
