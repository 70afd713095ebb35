// What a Strapi client gets for a method a path has no route for (405 with the path's own methods in
// `Allow`) and for a body over the size limit (413 in Strapi's error envelope).
import { describe, expect, test } from "bun:test";
import { createUser, sessionCookieFor, TEST_ORIGIN, useTestApp } from "../../test/helpers.ts";
import { apiToken } from "../../test/rest.ts";

describe("REST methods and body size", () => {
  const t = useTestApp();
  const call = async (method: string, path: string, headers: Record<string, string> = {}) => {
    const response = await t.app.request(path, { method, headers });
    return { status: response.status, allow: response.headers.get("allow"), response };
  };

  test("a method a path has no route for is 405 with that path's methods in Allow", async () => {
    const deleteList = await call("DELETE", "/api/kecamatans");
    expect(deleteList).toMatchObject({ status: 405, allow: "HEAD, GET, POST" });
    expect(deleteList.response.headers.get("cache-control")).toContain("no-store");
    expect(await deleteList.response.text()).toBe("Method Not Allowed");
    expect(await call("PUT", "/api/desa-kelurahans/")).toMatchObject({ status: 405, allow: "HEAD, GET, POST" });
    expect(await call("POST", "/api/kecamatans/1")).toMatchObject({ status: 405, allow: "HEAD, GET, PUT, DELETE" });
    expect(await call("PATCH", "/api/kecamatans/1")).toMatchObject({ status: 405, allow: "HEAD, GET, PUT, DELETE" });
    expect(await call("PATCH", "/api/kecamatans")).toMatchObject({ status: 405, allow: "HEAD, GET, POST" });
    expect(await call("GET", "/api/auth/local")).toMatchObject({ status: 405, allow: "POST" });
    const token = await apiToken(t, "full-access");
    const bearer = { authorization: `Bearer ${token.bearer}` };
    expect(await call("PUT", "/api/registers", bearer)).toMatchObject({ status: 405, allow: "HEAD, GET, POST" });
    expect(await call("PATCH", "/api/registers/1", bearer)).toMatchObject({
      status: 405,
      allow: "HEAD, GET, PUT, DELETE",
    });
  });

  test("with a session cookie and a non-JSON body, a method without a route is still 405 (or 404), not 415", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const cookie = await sessionCookieFor(t.db, admin.id);
    const textBody = (method: string, path: string) =>
      t.app.request(path, {
        method,
        headers: { "content-type": "text/plain", cookie, origin: TEST_ORIGIN },
        body: "{}",
      });
    for (const [method, path] of [
      ["PATCH", "/api/kecamatans/1"],
      ["POST", "/api/kecamatans/1"],
      ["PUT", "/api/kecamatans"],
    ] as const) {
      const response = await textBody(method, path);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 405 });
      expect(response.headers.get("allow")).toContain("GET");
    }
    expect((await textBody("PATCH", "/api/no-such-route")).status).toBe(404);
    // A method the path has a route for keeps the JSON rule (issue 14).
    const routed = await textBody("PUT", "/api/kecamatans/1");
    expect(routed.status).toBe(415);
    expect((await routed.json()).error.name).toBe("UnsupportedMediaTypeError");
  });

  test("a path no method has a route for stays 404 NotFoundError, whatever the method", async () => {
    for (const [method, path] of [
      ["GET", "/api/no-such-route"],
      ["PATCH", "/api/no-such-route"],
      ["DELETE", "/api/kecamatans/1/kelurahans"],
      ["PATCH", "/api/kecamatans/1/kelurahans"],
    ] as const) {
      const { status, allow, response } = await call(method, path);
      expect({ method, path, status, allow }).toEqual({ method, path, status: 404, allow: null });
      expect(await response.json()).toEqual({
        data: null,
        error: { status: 404, name: "NotFoundError", message: "Not Found", details: {} },
      });
    }
  });

  test("a body over 1 MB on /api is 413 in Strapi's error envelope; elsewhere as before", async () => {
    const big = JSON.stringify({ identifier: "a".repeat(1024 * 1024 + 10), password: "x" });
    const response = await t.app.request("/api/auth/local", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(big.length) },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(await response.json()).toEqual({
      data: null,
      error: { status: 413, name: "PayloadTooLargeError", message: "request entity too large", details: {} },
    });
    // Without a Content-Length (a streamed body) the size is counted as it arrives: the same answer.
    const streamed = await t.app.request("/api/auth/local", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob([big]).stream(),
    });
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error.name).toBe("PayloadTooLargeError");
    // tRPC keeps its own answer.
    const trpc = await t.app.request("/trpc/auth.forgotPassword", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(big.length) },
      body: big,
    });
    expect(trpc.status).toBe(413);
    expect(await trpc.json()).toEqual({ message: "Ukuran data terlalu besar" });
  });
});
