// TRUST_PROXY (issue 14): which X-Forwarded-For entries come from our own reverse proxies. A
// proxy appends the address it saw to the right of the header, and everything left of the last
// trusted entry was written by the client, so the address is read from the right.
import { BlockList, isIP } from "node:net";

export type TrustProxy = { kind: "hops"; hops: number } | { kind: "addresses"; list: BlockList; text: string };

function parseCidr(entry: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | null {
  const [address = "", prefixText] = entry.split("/");
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return { address, prefix, family };
}

/** `true`/`false` (kept for compatibility: 1 and 0 hops), a hop count, or a comma-separated list of addresses/CIDRs. */
export function isTrustProxy(value: string): boolean {
  if (value === "true" || value === "false" || /^\d{1,2}$/.test(value)) return true;
  const entries = value.split(",").map((entry) => entry.trim());
  return entries.length > 0 && entries.every((entry) => parseCidr(entry) !== null);
}

export function parseTrustProxy(value: string): TrustProxy {
  if (value === "true") return { kind: "hops", hops: 1 };
  if (value === "false") return { kind: "hops", hops: 0 };
  if (/^\d{1,2}$/.test(value)) return { kind: "hops", hops: Number(value) };
  const list = new BlockList();
  for (const entry of value.split(",")) {
    const cidr = parseCidr(entry.trim());
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  return { kind: "addresses", list, text: value };
}

function isTrusted(list: BlockList, address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return list.check(mapped, "ipv4") || list.check(address, "ipv6");
  return list.check(address, version === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address given the socket peer and the X-Forwarded-For header. With N hops the
 * N rightmost addresses of [header…, peer] are our proxies and the next one to the left is the
 * client; with a list, trusted addresses are skipped from the right. Entries a client prepends
 * are never reached, so rotating them changes nothing.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  if (trust.kind === "hops" && trust.hops === 0) return peer;
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const chain = [...forwarded, peer];
  if (trust.kind === "hops") return chain[Math.max(0, chain.length - 1 - trust.hops)] ?? peer;
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const address = chain[index] ?? "";
    if (!isTrusted(trust.list, address)) return address;
  }
  // Every hop is one of ours: the leftmost is the closest we know of the client.
  return chain[0] ?? peer;
}

function expandIpv6(address: string): number[] | null {
  const [head = "", tail, extra] = address.split("::");
  if (extra !== undefined) return null;
  const part = (text: string) => (text === "" ? [] : text.split(":"));
  const left = part(head);
  const right = part(tail ?? "");
  // An embedded IPv4 tail (::ffff:1.2.3.4 or 64:ff9b::1.2.3.4) is two groups.
  const last = right.length > 0 ? right : left;
  const dotted = last.at(-1);
  if (dotted?.includes(".")) {
    const octets = dotted.split(".").map(Number);
    last.splice(
      -1,
      1,
      (((octets[0] ?? 0) << 8) | (octets[1] ?? 0)).toString(16),
      (((octets[2] ?? 0) << 8) | (octets[3] ?? 0)).toString(16),
    );
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => "0"), ...right];
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * The address a rate limit counts. One IPv6 subscriber gets a whole /64 (2^64 addresses to rotate
 * through), so IPv6 counts per /64; an IPv4 address written as ::ffff:a.b.c.d is that IPv4 address.
 * Anything that is no address (e.g. 'unknown') is counted as written.
 */
export function rateLimitAddress(address: string): string {
  const version = isIP(address);
  if (version !== 6) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  const groups = expandIpv6(address.replace(/%.*$/, ""));
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
