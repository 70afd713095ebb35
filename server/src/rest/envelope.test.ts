import { expect, test } from "bun:test";
import { jsonText, RawJson } from "./envelope.ts";

test("jsonText writes each stored document as stored, in place, and everything else as JSON.stringify", () => {
  const first = '{"a": [1, 2], "b": "x\\"y"}';
  const second = '{"nama": "Budi \\\\ Santoso"}';
  const body = {
    data: [
      { id: 1, attributes: { data_register: new RawJson(first), note: 'tanda "kutip" \\u0000 dan \\' } },
      { id: 2, attributes: { data_register: new RawJson(second), empty: null } },
    ],
    meta: { pagination: { page: 1, total: 2 } },
  };
  const text = jsonText(body);
  expect(text).toContain(`"data_register":${first}`);
  expect(text).toContain(`"data_register":${second}`);
  expect(JSON.parse(text)).toEqual({
    data: [
      { id: 1, attributes: { data_register: JSON.parse(first), note: 'tanda "kutip" \\u0000 dan \\' } },
      { id: 2, attributes: { data_register: JSON.parse(second), empty: null } },
    ],
    meta: { pagination: { page: 1, total: 2 } },
  });
  expect(jsonText({ plain: "\u0000" })).toBe(JSON.stringify({ plain: "\u0000" }));
});
