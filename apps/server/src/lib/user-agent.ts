// 在线会话 and 登录日志 show who signed in from what as "Chrome 156 · Windows"; the full
// user-agent string stays in the detail. A short list of the browsers and systems operators use,
// read in the order that disambiguates them (Edge and Opera also say Chrome; Chrome says Safari).

const browsers: ReadonlyArray<[RegExp, string]> = [
  [/MicroMessenger\/([\d.]+)/, '微信'],
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/(?:OPR|Opera)\/([\d.]+)/, 'Opera'],
  [/(?:Firefox|FxiOS)\/([\d.]+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
  [/(?:MSIE |Trident\/.*rv:)([\d.]+)/, 'IE'],
];

const systems: ReadonlyArray<[RegExp, string]> = [
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 156 · Windows"; for a program that is not a browser, its own name (e.g. "curl 8.5.0"). */
export function describeUserAgent(ua: string): string {
  if (!ua.trim()) return '未知';
  const browser = browsers.find(([re]) => re.test(ua));
  const system = systems.find(([re]) => re.test(ua))?.[1];
  if (!browser) {
    const product = /^([\w.-]+)(?:\/([\w.]+))?/.exec(ua.trim());
    const name = product ? [product[1], product[2]].filter(Boolean).join(' ') : '未知浏览器';
    return system ? `${name} · ${system}` : name;
  }
  const major = browser[0].exec(ua)?.[1]?.split('.')[0] ?? '';
  const name = `${browser[1]} ${major}`.trim();
  return system ? `${name} · ${system}` : name;
}

/** A list row with its `client` filled from its `userAgent`. */
export function withClient<Row extends Record<string, unknown>>(row: Row): Row & { client: string } {
  return { ...row, client: describeUserAgent(typeof row.userAgent === 'string' ? row.userAgent : '') };
}
