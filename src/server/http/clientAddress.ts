// Who a client is, for counting: the key every per-address limit (failed attempts, open live streams) counts by.
import ipaddr from 'ipaddr.js';

/**
 * Whom a failed attempt is counted against: an IPv4 address itself, an IPv6 address by its /64. One home line or
 * server owns a whole /64 and may pick any address in it, so counting single IPv6 addresses would not limit anyone.
 */
export function limiterKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address becomes the IPv4 address it carries
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

/**
 * The coarser network a client address belongs to, for a second cap beside limiterKey's: an IPv6 address's /48 (what
 * one site is handed, 65,536 /64s), undefined for IPv4 (its address is already the unit) and anything unparsed.
 */
export function networkKey(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return undefined;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16));
  return `${parts.join(':')}::/48`;
}
