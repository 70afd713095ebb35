/** The message at "members.1.nik" in react-hook-form's nested errors object, if any. */
export function messageAt(errors: unknown, path: string): string | undefined {
  let current: unknown = errors;
  for (const part of path.split(".")) {
    if (typeof current !== "object" || current === null || !(part in current)) return undefined;
    current = Object.entries(current).find(([key]) => key === part)?.[1];
  }
  if (typeof current === "object" && current !== null && "message" in current && typeof current.message === "string") {
    return current.message || undefined;
  }
  return undefined;
}

export type ErrorAt = (path: string) => string | undefined;
