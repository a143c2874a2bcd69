import { z } from 'zod';

/**
 * Validation messages as an operator reads them: plain Chinese, no type names (zod's own zh-CN
 * locale still says 期望 string, 期望 int). Schemas that give their own message keep it; what
 * this table does not cover falls back to the zh-CN locale. Server and console install it with
 * `useChineseZodMessages()` once at start.
 */
const typeNames: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是或否',
  array: '列表',
  object: '对象',
  date: '日期',
  null: '空值',
};

const formatNames: Record<string, string> = {
  email: '邮箱',
  url: '网址',
  datetime: '时间',
  date: '日期',
  time: '时刻',
  ipv4: 'IPv4 地址',
  ipv6: 'IPv6 地址',
  cidrv4: 'IPv4 网段',
  cidrv6: 'IPv6 网段',
  uuid: '编号',
};

type Issue = z.core.$ZodRawIssue;

function sized(issue: Issue & { origin?: string }, bound: number | bigint, small: boolean): string {
  const n = Number(bound);
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (small) return n <= 1 ? '不能为空' : `至少 ${inclusive ? n : n + 1} 个字`;
      return `最多 ${inclusive ? n : n - 1} 个字`;
    case 'array':
    case 'set':
      if (small) return n <= 1 ? '至少选择 1 项' : `至少 ${inclusive ? n : n + 1} 项`;
      return `最多 ${inclusive ? n : n - 1} 项`;
    default:
      if (small) return inclusive ? `不能小于 ${n}` : `必须大于 ${n}`;
      return inclusive ? `不能大于 ${n}` : `必须小于 ${n}`;
  }
}

export function chineseZodMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return '必填';
      const expected = typeNames[issue.expected] ?? '正确的类型';
      return `应为${expected}`;
    }
    case 'too_small':
      return sized(issue, issue.minimum, true);
    case 'too_big':
      return sized(issue, issue.maximum, false);
    case 'invalid_format': {
      const name = formatNames[issue.format];
      return name ? `${name}格式不正确` : '格式不正确';
    }
    case 'invalid_value':
      return '取值不在允许范围内';
    case 'not_multiple_of':
      return `应为 ${String(issue.divisor)} 的倍数`;
    case 'unrecognized_keys':
      return `不支持的字段：${issue.keys.join('、')}`;
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_union':
      return '格式不正确';
    case 'custom':
      return '取值不正确';
    default:
      return undefined;
  }
}

/** Chinese messages for every zod schema parsed in this process (global zod configuration). */
export function useChineseZodMessages(): void {
  z.config(z.locales.zhCN());
  z.config({ customError: (issue) => chineseZodMessage(issue) });
}
