/**
 * A save refused because another user saved the family first: the fresh version with only the fields
 * this user changed (compared with the version they opened) laid over it, so Simpan again keeps both
 * users' changes. Fields are compared whole at the top level (all members, the whole address).
 */
export function overlayEdits<T extends object>(fresh: T, opened: T, typed: T): T {
  const result = { ...fresh };
  for (const key in typed) {
    if (JSON.stringify(typed[key]) !== JSON.stringify(opened[key])) result[key] = typed[key];
  }
  return result;
}
