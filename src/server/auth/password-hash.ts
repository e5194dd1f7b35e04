import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { createWorkGate, type RunOptions } from "./work-gate";

/**
 * scrypt at N = 2^17, r = 8, p = 1, OWASP's current minimum: 128 MiB and about 1.3 s a hash on a busy
 * 2-core machine (2^15 took 0.2 s there), so a copied database costs a guesser that much per try, while a
 * sign-in stays bearable. The cost is written into each hash, so hashes made at a lower cost still verify, and are
 * replaced at this one on the next sign-in (see needsRehash).
 */
const COST = { log2N: 17, r: 8, p: 1 };
/**
 * Two hashes at once at most, the others queue: at 128 MiB each, a flood of guesses could otherwise take
 * every core and gigabytes of memory from the server. Eight more may wait (about 5 s of hashing at 1.3 s
 * each, two at a time); past them a check is refused (GateFullError), unless marked `first`: the owner's
 * browser (a device that signed in before), which also waits ahead of the others.
 */
export const HASHES_WAITING = 8;
const hashing = createWorkGate(2, { maxWaiting: HASHES_WAITING });
/** How many hashes run and wait now. */
export const hashingLoad = () => hashing.load();
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PREFIX = "scrypt";

function derive(
  password: string,
  salt: Buffer,
  { log2N, r, p }: typeof COST,
  turn: RunOptions = {},
): Promise<Buffer> {
  const N = 2 ** log2N;
  // scrypt needs 128 * N * r bytes; Node refuses past 32 MiB unless told, so the bound is twice the need.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        // The same text typed on two keyboards may arrive composed or decomposed ("ã"): both count as one.
        scrypt(password.normalize("NFC"), salt, KEY_BYTES, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    turn,
  );
}

/**
 * `scrypt$log2N$r$p$salt$key`, salt and key in base64url. Tests may ask for a lower cost, to sign in many
 * times quickly; the app always hashes at the default. `turn` places it in the hashing gate's line.
 */
export async function hashPassword(
  password: string,
  { log2N = COST.log2N } = {},
  turn: RunOptions = {},
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { ...COST, log2N }, turn);
  return [PREFIX, log2N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * Whether a hash that verified was made at a lower cost than today's (or `log2N`, which tests lower), so
 * that the sign-in should replace it.
 */
export function needsRehash(stored: string, { log2N = COST.log2N } = {}): boolean {
  const [prefix, storedLog2N, r, p] = stored.split("$");
  return prefix !== PREFIX || Number(storedLog2N) < log2N || Number(r) !== COST.r || Number(p) !== COST.p;
}

/** Costs beyond these are no hash of ours: they would take seconds or gigabytes to check. */
const MAX_COST = { log2N: 20, r: 32, p: 16 };

/**
 * Whether the password is the one hashed; compared in constant time. An unreadable hash matches nothing.
 * Once `turn.signal` aborts, a check still waiting for the hashing gate leaves it with the signal's reason;
 * with the gate's line full, it throws GateFullError (see `hashing`).
 */
export async function verifyPassword(
  password: string,
  stored: string,
  turn: RunOptions = {},
): Promise<boolean> {
  const [prefix, log2N, r, p, salt, key] = stored.split("$");
  const cost = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  const readable =
    prefix === PREFIX &&
    salt &&
    key &&
    Object.entries(cost).every(
      ([name, value]) => Number.isInteger(value) && value > 0 && value <= MAX_COST[name as keyof typeof cost],
    );
  if (!readable) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), cost, turn);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
