import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { bootAttribute, loginBootValue } from '../src/app/login-frame.js';
import { cookieNames } from '../src/lib/storage.js';
import { LoginHero, loginPageClass } from '../src/pages/login/login-hero.js';

const loginPath = '/login';
const rootElement = '<div id="root"></div>';

/**
 * The sign-in page's hero as static HTML, hidden (login-hero.css) unless the boot script marks the
 * document: the same component the page renders, so React's first commit, which replaces the
 * root's children, changes nothing on screen.
 */
export function loginFrameMarkup(): string {
  return renderToStaticMarkup(
    createElement(
      'main',
      { className: loginPageClass, [`${bootAttribute}-frame`]: '' },
      createElement(LoginHero, { platformName: undefined }),
    ),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Marks the document for the frame where the route guard will show the sign-in page: /login
 * without a session token (with one, the guard sends the operator on to the console, and the frame
 * would flash before it). An external file, since the Content-Security-Policy allows no inline
 * script.
 */
export function loginBootScript(): string {
  const path = new RegExp(`^${escapeRegExp(loginPath)}/?$`);
  const token = new RegExp(`(?:^|;\\s*)${escapeRegExp(cookieNames.token)}=[^;]`);
  return `if(${path}.test(location.pathname)&&!${token}.test(document.cookie))document.documentElement.setAttribute(${JSON.stringify(bootAttribute)},${JSON.stringify(loginBootValue)});\n`;
}

/**
 * /login's largest contentful paint (issue 7) is the hero's text, which otherwise waits for the
 * entry's ~270 KB of script to download, run and render. This step puts the hero in index.html, so
 * it paints with the stylesheets; the form still comes with React. The boot script is async but
 * render-blocking (`blocking="render"`): it never holds the parser, and nothing paints before it
 * has decided whether the frame shows; browsers without the attribute at worst show the frame a
 * frame later, never on another route.
 */
export function loginFrame(): Plugin {
  const script = loginBootScript();
  const fileName = `assets/login-boot-${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
  let base = '/';
  return {
    name: 'console-login-frame',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: script });
    },
    transformIndexHtml(html) {
      if (!html.includes(rootElement)) throw new Error(`index.html 中没有 ${rootElement}`);
      return {
        html: html.replace(rootElement, `<div id="root">${loginFrameMarkup()}</div>`),
        tags: [
          {
            tag: 'script',
            // Async scripts are fetched at low priority; this one gates the first paint.
            attrs: { src: `${base}${fileName}`, async: true, blocking: 'render', fetchpriority: 'high' },
            injectTo: 'head',
          },
        ],
      };
    },
  };
}
