import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { bootAttribute, loginBootValue } from '../src/app/login-frame';
import { loginBootScript, loginFrameMarkup } from './login-frame';

const runBootScript = (path: string, cookie?: string) => {
  document.documentElement.removeAttribute(bootAttribute);
  window.history.replaceState(null, '', path);
  if (cookie) document.cookie = cookie;
  runInNewContext(loginBootScript(), { location: window.location, document });
  return document.documentElement.getAttribute(bootAttribute);
};

afterEach(() => {
  document.cookie = 'SaaS-Token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  document.cookie = 'xSaaS-Token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  document.documentElement.removeAttribute(bootAttribute);
  window.history.replaceState(null, '', '/');
});

describe('the static sign-in frame in index.html (login-frame.ts)', () => {
  it('is shown on /login without a session only', () => {
    expect(runBootScript('/login')).toBe(loginBootValue);
    expect(runBootScript('/login/?redirect=%2Fdashboard')).toBe(loginBootValue);
    expect(runBootScript('/login', 'xSaaS-Token=1')).toBe(loginBootValue);
    expect(runBootScript('/login', 'SaaS-Token=')).toBe(loginBootValue);
  });

  it('is not shown where the sign-in page will not render: other paths, or a session present', () => {
    expect(runBootScript('/')).toBeNull();
    expect(runBootScript('/dashboard')).toBeNull();
    expect(runBootScript('/loginx')).toBeNull();
    expect(runBootScript('/register')).toBeNull();
    expect(runBootScript('/login', 'SaaS-Token=abc')).toBeNull();
  });

  it('is hidden by the stylesheet unless the boot script marked the document', () => {
    const css = readFileSync(join(import.meta.dirname, '../src/pages/login/login-hero.css'), 'utf8');
    const rule = `html:not([${bootAttribute}='${loginBootValue}']) [${bootAttribute}-frame] {\n  display: none;\n}`;
    expect(css).toContain(rule);
    expect(loginFrameMarkup()).toContain(` ${bootAttribute}-frame=""`);
  });
});
