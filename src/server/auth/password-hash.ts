import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt at N = 2^15, r = 8: 32 MiB and 150 to 200 ms a hash on a busy 2-core machine (2^16 doubles it),
 * so a copied database costs a guesser that much per try, while a sign-in stays quick. The cost is written
 * into each hash, so raising it later still reads the hashes made before.
 */
const COST = { log2N: 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PREFIX = "scrypt";

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  // Node refuses by default past 32 MiB, which is exactly what N = 2^15, r = 8 needs.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    // The same text typed on two keyboards may arrive composed or decomposed ("ã"): both count as one.
    scrypt(password.normalize("NFC"), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * `scrypt$log2N$r$p$salt$key`, salt and key in base64url. Tests may ask for a lower cost, to sign in many
 * times quickly; the app always hashes at the default.
 */
export async function hashPassword(password: string, { log2N = COST.log2N } = {}): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, log2N, COST.r, COST.p);
  return [PREFIX, log2N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Costs beyond these are no hash of ours: they would take seconds or gigabytes to check. */
const MAX_COST = { log2N: 20, r: 32, p: 16 };

/** Whether the password is the one hashed; compared in constant time. An unreadable hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
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
  const actual = await derive(password, Buffer.from(salt, "base64url"), cost.log2N, cost.r, cost.p);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
