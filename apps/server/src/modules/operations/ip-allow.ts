import { blockContains, parseIp, parseIpBlock } from '@console/contract';

/** One enabled rule as the sign-in check needs it: 1 allow (白名单), 2 deny (黑名单). */
export interface IpRule {
  ruleType: number;
  address: string;
}

export const IP_RULE_ALLOW = 1;
export const IP_RULE_DENY = 2;

/**
 * Whether a sign-in from `ip` passes the rules. A deny rule that matches refuses; when any
 * allow rule exists the address must match one of them (a whitelist); with neither, all pass.
 * An address that cannot be parsed passes only when there is no whitelist and no deny rule
 * could have matched it, so a malformed proxy header never locks out everyone.
 */
export function isAllowed(ip: string, rules: readonly IpRule[]): boolean {
  const parsed = parseIp(ip);
  const allows = rules.filter((r) => r.ruleType === IP_RULE_ALLOW);
  const denies = rules.filter((r) => r.ruleType === IP_RULE_DENY);
  if (!parsed) return allows.length === 0;
  const matches = (rule: IpRule) => {
    const block = parseIpBlock(rule.address);
    return block !== null && blockContains(block, parsed);
  };
  if (denies.some(matches)) return false;
  return allows.length === 0 || allows.some(matches);
}
