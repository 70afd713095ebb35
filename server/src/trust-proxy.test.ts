import { describe, expect, test } from "bun:test";
import { parseTrustProxy, rateLimitAddress, resolveClientAddress } from "./trust-proxy.ts";

// What each proxy does: append the address it received the connection from to X-Forwarded-For.
// The client controls only what it sent first, i.e. the leftmost entries.
describe("client address behind 0, 1 and 2 trusted proxies (issue 14)", () => {
  const spoofed = "1.2.3.4, 127.0.0.1";

  test("0 hops: the header is ignored, the socket peer is the client", () => {
    const trust = parseTrustProxy("0");
    expect(resolveClientAddress("198.51.100.7", spoofed, trust)).toBe("198.51.100.7");
    expect(resolveClientAddress("198.51.100.7", undefined, parseTrustProxy("false"))).toBe("198.51.100.7");
  });

  test("1 hop (nginx): the entry nginx appended is the client; anything the client wrote is skipped", () => {
    const trust = parseTrustProxy("1");
    // nginx at 10.0.0.2 received the client 203.0.113.9 and appended it.
    expect(resolveClientAddress("10.0.0.2", `${spoofed}, 203.0.113.9`, trust)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", "10.9.9.9, 203.0.113.9", trust)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", "203.0.113.9", trust)).toBe("203.0.113.9");
    expect(parseTrustProxy("true")).toEqual(trust);
  });

  test("2 hops (a CDN, then nginx): the second entry from the right", () => {
    const trust = parseTrustProxy("2");
    // client 203.0.113.9 → CDN (appends the client) → nginx 10.0.0.2 (appends the CDN 192.0.2.50).
    expect(resolveClientAddress("10.0.0.2", `${spoofed}, 203.0.113.9, 192.0.2.50`, trust)).toBe("203.0.113.9");
    // Fewer entries than hops: the leftmost known address.
    expect(resolveClientAddress("10.0.0.2", "192.0.2.50", trust)).toBe("192.0.2.50");
  });

  test("a list of trusted CIDRs: trusted addresses are skipped from the right", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 192.0.2.50");
    expect(resolveClientAddress("10.0.0.2", `${spoofed}, 203.0.113.9, 192.0.2.50`, trust)).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:10.0.0.2", "203.0.113.9", trust)).toBe("203.0.113.9");
    // A peer outside the list is the client itself, whatever the header says.
    expect(resolveClientAddress("198.51.100.7", spoofed, trust)).toBe("198.51.100.7");
  });
});

describe("the address a rate limit counts", () => {
  test("IPv4 as is; IPv4-mapped IPv6 as its IPv4; IPv6 by its /64, however it is written", () => {
    expect(rateLimitAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitAddress("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("2001:0db8:0001:0002:ffff:aaaa:1:9")).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("unknown")).toBe("unknown");
  });
});
