/**
 * What an answer must never carry: a stack trace, a file path of the server's code, or the text
 * of SQL or a database error. Only failures are checked, and only the server's own words
 * (errMsg, fieldErrors): a successful answer may echo data an operator stored, including text
 * that looks like SQL.
 */
const LEAKS: Array<[string, RegExp]> = [
  ['stack', /\n\s+at\s|\bat\s[\w.<>]+\s\(/],
  ['source path', /(node_modules|\/src\/|\/dist\/)[\w/.-]*\.(ts|js)|\.(ts|js):\d+/],
  ['SQL', /\b(select|insert|update|delete)\b[\s\S]{0,120}\b(from|into|set|where)\b/i],
  [
    'database error',
    /SQLITE_|sqlite|postgres|syntax error|violates|relation "|column "|constraint|duplicate key|kysely/i,
  ],
];

export function leakIn(status: number, contentType: unknown, body: string): string | null {
  const type = typeof contentType === 'string' ? contentType : '';
  if (!type.includes('json')) return status >= 400 ? scan(body) : null;
  let parsed: { errCode?: unknown; errMsg?: unknown; fieldErrors?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return 'malformed JSON answer';
  }
  if (typeof parsed.errCode !== 'number') return 'answer without an errCode';
  if (parsed.errCode === 0) return null;
  return scan(`${String(parsed.errMsg)}\n${JSON.stringify(parsed.fieldErrors ?? {})}`);
}

function scan(text: string): string | null {
  for (const [name, pattern] of LEAKS) if (pattern.test(text)) return name;
  return null;
}
