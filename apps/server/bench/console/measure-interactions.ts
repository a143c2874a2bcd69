import { loadavg } from 'node:os';
import type { Browser, Locator, Page } from 'playwright-core';
import { type BenchRow, median } from '../report.js';
import { type SignedIn, desktopContext, trackNetwork } from './browser.js';
import { clearEventTiming, installEventTiming, longestInteraction, msText } from './interactions.js';

interface Interaction {
  figure: string;
  /** A list other than the seeded one, for an interaction it does not offer. */
  path?: string;
  /** Performs the interaction once; `round` lets it alternate (next page, previous page…). */
  act: (view: Locator, page: Page, round: number) => Promise<void>;
  /** Puts the screen back afterwards (closing a drawer), outside the measured interaction. */
  undo?: (view: Locator, page: Page) => Promise<void>;
}

const closeDrawer = async (_view: Locator, page: Page) => {
  await page.keyboard.press('Escape');
  await page
    .locator('.ant-drawer-open')
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
};

const interactions: Interaction[] = [
  {
    figure: '全选（表头勾选框）',
    act: (view) => view.locator('.ant-table-thead .ant-checkbox-input').first().click(),
  },
  {
    figure: '排序（点列头）',
    // IP 限制 has no sortable column; 操作日志 sorts by time and holds a row per seeded rule.
    path: process.env.BENCH_CONSOLE_SORT_LIST ?? '/operationLog/operationLog',
    act: (view) => view.locator('.ant-table-thead th.ant-table-column-has-sorters').first().click(),
  },
  {
    figure: '翻页',
    act: (view, _page, round) =>
      view
        .locator(round % 2 === 0 ? '.ant-pagination-next' : '.ant-pagination-prev')
        .first()
        .click(),
  },
  {
    figure: '打开抽屉（查看）',
    act: (view) =>
      view
        .locator('tr.ant-table-row')
        .first()
        .getByRole('button', { name: /查\s*看/ })
        .click(),
    undo: closeDrawer,
  },
  {
    figure: '打开抽屉（新增）',
    act: (view) => view.getByRole('button', { name: /新增/ }).first().click(),
    undo: closeDrawer,
  },
  {
    figure: '提交筛选（查询）',
    act: async (view, _page, round) => {
      // Both keywords match every seeded rule, so the page stays full.
      await view.getByPlaceholder('IP 地址或备注').fill(round % 2 === 0 ? '198.51.100' : '基准测试');
      await view.getByRole('button', { name: /查\s*询/ }).click();
    },
  },
];

/**
 * Event Timing of the list interactions on a full 50-row page, each repeated: the median of each
 * repetition's longest event, against 150 ms.
 */
export async function measureInteractions(
  browser: Browser,
  baseURL: string,
  signedIn: SignedIn,
  listPath: string,
  repeats: number,
): Promise<BenchRow[]> {
  const context = await desktopContext(browser, baseURL, signedIn);
  try {
    const page = await context.newPage();
    await installEventTiming(page);
    const network = trackNetwork(page);
    const view = page.locator('section.console-view:visible');
    let shown = '';
    const rows: BenchRow[] = [];
    for (const interaction of interactions) {
      const path = interaction.path ?? listPath;
      if (path !== shown) {
        await page.goto(`${path}?size=50`);
        await view.locator('tr.ant-table-row').nth(49).waitFor();
        await network.settle();
        shown = path;
      }
      const durations: number[] = [];
      for (let round = 0; round < repeats; round++) {
        await clearEventTiming(page);
        await interaction.act(view, page, round);
        await network.settle(200);
        durations.push(await longestInteraction(page));
        await interaction.undo?.(view, page);
        await network.settle(200);
      }
      const value = median(durations);
      rows.push({
        figure: `交互：${interaction.figure}，50 行一页`,
        value: msText(value),
        budget: '≤ 150 ms',
        ok: value <= 150,
        detail: `${path}，${repeats} 次的中位数，最长 ${msText(Math.max(...durations))}；机器负载 ${loadavg()[0]!.toFixed(1)}`,
      });
    }
    return rows;
  } finally {
    await context.close();
  }
}
