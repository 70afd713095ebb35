import type { RevisionChange } from "../../db/schema/audit.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What changed between two versions of a record, leaf by leaf ("members.1.fullName": "Ani" → "Anita").
 * Arrays compare by position; an added or removed element shows as one change with null on one side.
 */
export function diffRecords(before: unknown, after: unknown, path = ""): RevisionChange[] {
  if (Object.is(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, index) => {
      const childPath = path ? `${path}.${index}` : String(index);
      if (index >= before.length) return [{ path: childPath, before: null, after: after[index] }];
      if (index >= after.length) return [{ path: childPath, before: before[index], after: null }];
      return diffRecords(before[index], after[index], childPath);
    }).flat();
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffRecords(before[key] ?? null, after[key] ?? null, path ? `${path}.${key}` : key));
  }
  return [{ path, before: before ?? null, after: after ?? null }];
}
