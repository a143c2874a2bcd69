/**
 * IPv4 / IPv6 addresses and CIDR blocks as numbers, shared by the form validation (contract) and
 * the sign-in check (server), so a rule the form accepts is exactly a rule the server can apply.
 */
export interface IpBlock {
  family: 4 | 6;
  /** The network address (host bits cleared). */
  network: bigint;
  prefix: number;
}

const bitsOf = (family: 4 | 6) => (family === 4 ? 32 : 128);

function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseV6(input: string): bigint | null {
  // A zone id (fe80::1%eth0) names an interface, not part of the address.
  const text = input.split('%')[0] ?? '';
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    const items = s.split(':');
    for (let i = 0; i < items.length; i += 1) {
      const item = items[i] ?? '';
      // An IPv4 tail (::ffff:10.0.0.1) stands for the last two groups.
      if (i === items.length - 1 && item.includes('.')) {
        const v4 = parseV4(item);
        if (v4 === null) return null;
        out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(item)) return null;
        out.push(parseInt(item, 16));
      }
    }
    return out;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

/** An address as a number; IPv4-mapped IPv6 (`::ffff:1.2.3.4`, what dual-stack sockets report) reads as IPv4. */
export function parseIp(text: string): { family: 4 | 6; value: bigint } | null {
  const trimmed = text.trim();
  const v4 = parseV4(trimmed);
  if (v4 !== null) return { family: 4, value: v4 };
  const v6 = parseV6(trimmed);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { family: 4, value: v6 & 0xffffffffn };
  return { family: 6, value: v6 };
}

/** A single address (a block of one) or a CIDR block such as `10.0.0.0/8` or `2001:db8::/32`. */
export function parseIpBlock(text: string): IpBlock | null {
  const [addr = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const ip = parseIp(addr);
  if (!ip) return null;
  const family = ip.family;
  let prefix = bitsOf(family);
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    // `::ffff:10.0.0.0/104` is written in IPv6 bits but covers IPv4 addresses.
    if (family === 4 && addr.includes(':')) prefix -= 96;
    if (prefix < 0 || prefix > bitsOf(family)) return null;
  }
  const hostBits = BigInt(bitsOf(family) - prefix);
  return { family, network: (ip.value >> hostBits) << hostBits, prefix };
}

export function blockContains(block: IpBlock, ip: { family: 4 | 6; value: bigint }): boolean {
  if (block.family !== ip.family) return false;
  const hostBits = BigInt(bitsOf(block.family) - block.prefix);
  return ip.value >> hostBits === block.network >> hostBits;
}
