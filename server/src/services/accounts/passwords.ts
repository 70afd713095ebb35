// argon2id through Bun.password; the plain password is never stored or logged.
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash, "argon2id");
}

// Verifying against a real hash when the account does not exist keeps both answers equally slow,
// so response time does not tell whether an email is registered.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("no-such-account-placeholder");
  await Bun.password.verify(password, await dummyHash, "argon2id");
  return false;
}
