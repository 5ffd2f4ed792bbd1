import { BlockList, isIP } from 'node:net'

/**
 * Addresses a source may not reach unless it sets `allowPrivateNetwork`: loopback, private,
 * link-local, carrier-grade NAT, unspecified, multicast and reserved ranges, in IPv4 and IPv6
 * (IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry).
 */
const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i

/** True when `address` (an IP literal) is loopback, private, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address)?.[1]
  if (mapped) return blocked.check(mapped, 'ipv4')
  const family = isIP(address)
  if (family === 0) return true
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6')
}
