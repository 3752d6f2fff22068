// Which IP addresses the demo service must never connect to on a caller's behalf: private,
// loopback, link-local, shared, benchmarking, documentation and other special-purpose
// ranges (RFC 6890), in IPv4 and IPv6. An IPv6 address that carries an IPv4 one (mapped
// `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:AABB:CCDD::`)
// is judged by the IPv4 address it leads to, since that is where the packets end up.
import { BlockList, isIP } from 'node:net'

const blockedV4 = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", including the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4] // reserved, and the broadcast address
] as const) blockedV4.addSubnet(net, prefix, 'ipv4')

const blockedV6 = new BlockList()
for (const [net, prefix] of [
  ['64:ff9b:1::', 48], // local-use NAT64: its IPv4 side is the operator's own network
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: a tunnel whose far end the address does not show plainly
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some stacks)
  ['ff00::', 8] // multicast
] as const) blockedV6.addSubnet(net, prefix, 'ipv6')

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let canonical: string
  try {
    // The URL parser writes every IPv6 form (embedded dotted quads included) as hex groups.
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  } catch {
    return null
  }
  const [head = '', tail] = canonical.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right].map((g) => parseInt(g, 16))
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null
}

function dotted(hi: number, lo: number): string {
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
}

/** The IPv4 address an IPv6 one leads to (mapped, translated, compatible, NAT64, 6to4), or null. */
function embeddedIPv4(groups: readonly number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups
  const zeroTo = (n: number) => groups.slice(0, n).every((g) => g === 0)
  if (zeroTo(5) && g5 === 0xffff) return dotted(g6, g7) // ::ffff:a.b.c.d
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return dotted(g6, g7) // ::ffff:0:a.b.c.d (SIIT)
  if (zeroTo(6)) return dotted(g6, g7) // ::a.b.c.d (and :: and ::1, which land in 0.0.0.0/8)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return dotted(g6, g7) // NAT64
  if (g0 === 0x2002) return dotted(g1, g2) // 6to4
  return null
}

/** True for an address a connection must not reach; anything that is not an IP address counts as such. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '') // brackets, zone id
  const family = isIP(bare)
  if (family === 4) return blockedV4.check(bare, 'ipv4')
  if (family !== 6) return true
  const groups = ipv6Groups(bare)
  if (groups === null) return true
  const v4 = embeddedIPv4(groups)
  if (v4 !== null) return blockedV4.check(v4, 'ipv4')
  return blockedV6.check(bare, 'ipv6')
}
