import type { AuthRepository } from "../db";
import { hashPassword, verifyPassword } from "./password-hash";

/**
 * Makes `password` the one the database keeps, as `npm run password` does. A password already in place is
 * left alone, so a restart with the same file keeps every session; a different one replaces it and ends
 * them. Returns whether it changed anything.
 */
export async function adoptPassword(
  auth: Pick<AuthRepository, "passwordHash" | "setPassword">,
  password: string,
): Promise<boolean> {
  const current = await auth.passwordHash();
  if (current !== undefined && (await verifyPassword(password, current))) return false;
  await auth.setPassword(await hashPassword(password));
  return true;
}
