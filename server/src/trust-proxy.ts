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
