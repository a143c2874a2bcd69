import { parseIpBlock } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { IP_RULE_ALLOW, IP_RULE_DENY, isAllowed } from './ip-allow.js';

const allow = (address: string) => ({ ruleType: IP_RULE_ALLOW, address });
const deny = (address: string) => ({ ruleType: IP_RULE_DENY, address });

describe('isAllowed', () => {
  it('lets everyone in without rules', () => {
    expect(isAllowed('8.8.8.8', [])).toBe(true);
    expect(isAllowed('2001:db8::1', [])).toBe(true);
  });

  it('refuses a denied single address and only that one', () => {
    const rules = [deny('203.0.113.7')];
    expect(isAllowed('203.0.113.7', rules)).toBe(false);
    expect(isAllowed('203.0.113.8', rules)).toBe(true);
  });

  it('applies IPv4 CIDR blocks at their boundaries', () => {
    const rules = [allow('10.20.0.0/16')];
    expect(isAllowed('10.20.0.0', rules)).toBe(true);
    expect(isAllowed('10.20.255.255', rules)).toBe(true);
    expect(isAllowed('10.21.0.0', rules)).toBe(false);
    expect(isAllowed('10.19.255.255', rules)).toBe(false);
  });

  it('treats a block written with host bits as its network', () => {
    expect(isAllowed('192.168.1.200', [allow('192.168.1.77/24')])).toBe(true);
    expect(isAllowed('192.168.2.1', [allow('192.168.1.77/24')])).toBe(false);
  });

  it('makes a whitelist exclusive and lets deny win inside it', () => {
    const rules = [allow('172.16.0.0/12'), deny('172.16.5.0/24')];
    expect(isAllowed('172.31.1.1', rules)).toBe(true);
    expect(isAllowed('172.16.5.9', rules)).toBe(false);
    expect(isAllowed('8.8.8.8', rules)).toBe(false);
  });

  it('matches IPv6 blocks, compressed forms and zone ids', () => {
    const rules = [allow('2001:db8:abcd::/48')];
    expect(isAllowed('2001:db8:abcd:12::1', rules)).toBe(true);
    expect(isAllowed('2001:0db8:abcd:0000:0000:0000:0000:0001', rules)).toBe(true);
    expect(isAllowed('2001:db8:abce::1', rules)).toBe(false);
    expect(isAllowed('fe80::1%eth0', [deny('fe80::/10')])).toBe(false);
    expect(isAllowed('fec0::1', [deny('fe80::/10')])).toBe(true);
  });

  it('reads IPv4-mapped IPv6 (dual-stack sockets) as IPv4 in both directions', () => {
    expect(isAllowed('::ffff:10.1.2.3', [allow('10.0.0.0/8')])).toBe(true);
    expect(isAllowed('10.1.2.3', [allow('::ffff:10.0.0.0/104')])).toBe(true);
    expect(isAllowed('11.1.2.3', [allow('::ffff:10.0.0.0/104')])).toBe(false);
    expect(isAllowed('::ffff:127.0.0.1', [deny('127.0.0.1')])).toBe(false);
  });

  it('never matches across families', () => {
    expect(isAllowed('::1', [deny('0.0.0.0/0')])).toBe(true);
    expect(isAllowed('127.0.0.1', [deny('::/0')])).toBe(true);
    expect(isAllowed('1.2.3.4', [allow('::/0')])).toBe(false);
  });

  it('admits everyone for /0 and exactly one address for /32 and /128', () => {
    expect(isAllowed('255.255.255.255', [allow('0.0.0.0/0')])).toBe(true);
    expect(isAllowed('1.2.3.4', [allow('1.2.3.4/32')])).toBe(true);
    expect(isAllowed('1.2.3.5', [allow('1.2.3.4/32')])).toBe(false);
    expect(isAllowed('2001:db8::1', [allow('2001:db8::1/128')])).toBe(true);
    expect(isAllowed('2001:db8::2', [allow('2001:db8::1/128')])).toBe(false);
  });

  it('refuses an unparseable address under a whitelist, passes it otherwise', () => {
    expect(isAllowed('not-an-ip', [allow('10.0.0.0/8')])).toBe(false);
    expect(isAllowed('not-an-ip', [deny('10.0.0.0/8')])).toBe(true);
  });
});

describe('parseIpBlock', () => {
  it.each([
    '1.2.3',
    '1.2.3.256',
    '10.0.0.0/33',
    '1.2.3.4/-1',
    '1.2.3.4/8/9',
    '2001:db8::/129',
    '1::2::3',
    ':::',
    'gg::1',
    '1:2:3:4:5:6:7:8:9',
    '',
  ])('rejects %s', (text) => {
    expect(parseIpBlock(text)).toBeNull();
  });

  it.each([
    ['10.0.0.0/8', 4, 8],
    ['::', 6, 128],
    ['::1', 6, 128],
    ['1:2:3:4:5:6:7:8', 6, 128],
    ['2001:db8::/32', 6, 32],
    ['::ffff:192.168.0.0/112', 4, 16],
  ] as const)('accepts %s', (text, family, prefix) => {
    expect(parseIpBlock(text)).toMatchObject({ family, prefix });
  });
});
