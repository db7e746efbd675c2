import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with the library's recommended memory and time costs.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** Spend the same time on an unknown e-mail as on a wrong password, so timing tells nothing. */
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(plain: string) {
  dummy ??= hashPassword('greenpod-dummy-password');
  await verifyPassword(await dummy, plain);
}
