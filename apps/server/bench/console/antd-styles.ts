/// <reference lib="dom" />
// Some functions here run in the page (page.evaluate), where the DOM exists.
import type { Page } from 'playwright-core';
import type { BenchRow } from '../report.js';

interface RuntimeStyles {
  /** Style elements the page's scripts created (the build's CSS comes as <link> files). */
  elements: number;
  /** Rules in them that set anything besides CSS variables: styles generated at runtime. */
  componentRules: number;
  variableRules: number;
  /** Whether the theme's colour reaches components as a CSS variable. */
  primaryVariable: boolean;
  /** Elements carrying a cssinjs hash class (css-xxxx, not css-var-…): hashed styles. */
  hashedElements: number;
}

// Runs in the page. No named inner functions: the bench runs under tsx, whose name-keeping
// helper (__name) does not exist in the page.
function readRuntimeStyles(): RuntimeStyles {
  let componentRules = 0;
  let variableRules = 0;
  let primaryVariable = false;
  const elements = Array.from(document.querySelectorAll('style'));
  const pending: CSSRule[] = elements.flatMap((element) => Array.from(element.sheet?.cssRules ?? []));
  for (let rule = pending.pop(); rule; rule = pending.pop()) {
    if (rule instanceof CSSStyleRule) {
      const names = Array.from(rule.style);
      if (names.length > 0 && names.every((name) => name.startsWith('--'))) {
        variableRules++;
        if (names.includes('--ant-color-primary')) primaryVariable = true;
      } else if (names.length > 0) componentRules++;
    }
    if ('cssRules' in rule) pending.push(...Array.from((rule as CSSGroupingRule).cssRules));
  }
  const hashedElements = Array.from(document.querySelectorAll('[class*="css-"]')).filter((el) =>
    Array.from(el.classList).some((c) => /^css-(?!var-)[a-z0-9-]+$/.test(c)),
  ).length;
  return { elements: elements.length, componentRules, variableRules, primaryVariable, hashedElements };
}

/**
 * antd 6 with CSS variables and zero-runtime styles, checked in the running console after it has
 * shown every screen: component styles come from the static stylesheet, the page's scripts only
 * set theme variables, and no element carries a style hash class.
 */
export async function antdStyleRows(page: Page): Promise<BenchRow[]> {
  const styles = await page.evaluate(readRuntimeStyles);
  return [
    {
      figure: 'antd 运行时生成的组件样式规则（零运行时）',
      value: `${styles.componentRules} 条`,
      budget: '0 条',
      ok: styles.componentRules === 0,
      detail: `${styles.elements} 个运行时 <style>，其中 ${styles.variableRules} 条只设 CSS 变量`,
    },
    {
      figure: 'antd 主题色经 CSS 变量 (--ant-color-primary)',
      value: styles.primaryVariable ? '是' : '否',
      budget: '是',
      ok: styles.primaryVariable,
    },
    {
      figure: '带样式哈希类名的元素 (hashed: false)',
      value: `${styles.hashedElements} 个`,
      budget: '0 个',
      ok: styles.hashedElements === 0,
    },
  ];
}
