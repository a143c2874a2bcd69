import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint configuration holds the layers: an import that runs back up a floor
// and an import circle are refused. Each probe is text linted as if it stood at a path of the
// tree (type-aware rules off: the probe is in no program).
const root = path.resolve(import.meta.dirname, '../../..');

async function problems(file: string, text: string, rules: Linter.RulesRecord = {}): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked, { rules }] });
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const upward = (list: string[]) => list.filter((p) => p.startsWith('import-x/no-restricted-paths'));
const noCycle = { 'import-x/no-cycle': 'off' } as const;

describe('layers held by lint', { timeout: 60_000 }, () => {
  it('refuses a server floor importing one above it, and lets it import one below', async () => {
    const up = await problems(
      'apps/server/src/lib/layer-probe.ts',
      "import { buildApp } from '../app.js';\nexport const probe = buildApp;\n",
      noCycle,
    );
    expect(upward(up)).toEqual([expect.stringContaining('lib sits under app')]);
    const down = await problems(
      'apps/server/src/http/layer-probe.ts',
      "import { AppError } from '../lib/app-error.js';\nexport const probe = AppError;\n",
      noCycle,
    );
    expect(upward(down)).toEqual([]);
  });

  it('refuses a migration reaching into modules/', async () => {
    const found = await problems(
      'apps/server/src/db/migrations/9999-layer-probe.ts',
      "import { rebuildCommissionMonths } from '../../modules/reports/commission-months.js';\nexport const probe = rebuildCommissionMonths;\n",
      noCycle,
    );
    expect(upward(found)).toEqual([expect.stringContaining('db sits under')]);
  });

  it('refuses a console component importing a page', async () => {
    const found = await problems(
      'apps/web/src/components/layer-probe.tsx',
      "import { DashboardPage } from '../pages/dashboard/dashboard-page';\nexport const probe = DashboardPage;\n",
      noCycle,
    );
    expect(upward(found)).toEqual([expect.stringContaining('components sits under')]);
  });

  it('refuses the console shell importing the router, and a helper file in src/ reaching up', async () => {
    const shell = await problems(
      'apps/web/src/layout/layer-probe.tsx',
      "import { createConsoleRouter } from '../app/router';\nexport const probe = createConsoleRouter;\n",
      noCycle,
    );
    expect(upward(shell)).toEqual([expect.stringContaining('layout sits under app')]);
    // Only *.test, *.testing and *-fixtures files are exempt: a test-*.ts helper is held like any file.
    const helper = await problems(
      'apps/server/src/crud/test-layer-probe.ts',
      "import { buildApp } from '../app.js';\nexport const probe = buildApp;\n",
      noCycle,
    );
    expect(upward(helper)).toEqual([expect.stringContaining('crud/imports sits under')]);
  });

  it('refuses an import circle through the files on disk', async () => {
    // keyword-grams.ts takes isActive from query.ts: query.ts importing it back closes a circle.
    const found = await problems(
      'apps/server/src/crud/query.ts',
      "import { keywordGrams } from './keyword-grams.js';\nexport const probe = keywordGrams;\n",
    );
    expect(found.filter((p) => p.startsWith('import-x/no-cycle'))).toHaveLength(1);
  });
});
