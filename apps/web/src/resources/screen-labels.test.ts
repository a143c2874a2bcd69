import { describe, expect, it } from 'vitest';
import type { AnyResource } from '@console/contract';
import * as contract from '@console/contract';

interface Shown {
  name: string;
  label: string;
}
interface WebLike {
  resource: AnyResource;
  columns: Shown[];
  form: Shown[];
  filters: Shown[];
  detail: Shown[];
}

const modules = import.meta.glob<Record<string, unknown>>(['./*.{ts,tsx}', '!./*.test.{ts,tsx}'], { eager: true });

function isWebResource(value: unknown): value is WebLike {
  return typeof value === 'object' && value !== null && 'resource' in value && 'columns' in value && 'form' in value;
}

/** A web resource, or one per mount (provider and 直营) as `defineMountedWebResource` returns. */
function websOf(value: unknown): WebLike[] {
  if (isWebResource(value)) return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).filter(isWebResource);
}

/** Contract resources whose screens are pages of their own, not web resources. */
const ownPages = new Set(['saasMenu']);

/**
 * A Latin identifier as code spells it (remark, agentId, businessManage): it starts lower-case.
 * Product terms operators know in Latin (MAC, IP, AccessKey ID, AppID) start upper-case and pass.
 */
const identifier = /(?<![A-Za-z])[a-z][A-Za-z0-9_]*/;

/** The label is also what a placeholder says where none is given (请输入备注), so checking it covers both. */
function problems(where: string, items: readonly Shown[]): string[] {
  return items
    .filter((item) => item.label === item.name || identifier.test(item.label))
    .map((item) => `${where} ${item.name}: ${item.label}`);
}

const webResources = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]) => websOf(value).map((web) => ({ key: `${file}#${name}`, web }))),
);

describe('nothing untranslated reaches the screen (issue 28)', () => {
  it('has a web resource for every contract resource without a page of its own', () => {
    const shown = new Set(webResources.map(({ web }) => web.resource.name));
    const resources = Object.values(contract as Record<string, unknown>).filter(
      (value): value is AnyResource =>
        typeof value === 'object' && value !== null && 'entity' in value && 'labels' in value && 'writable' in value,
    );
    const unseen = resources.map((resource) => resource.name).filter((name) => !shown.has(name) && !ownPages.has(name));
    expect(unseen).toEqual([]);
  });

  it('labels every column, form field, filter and detail in Chinese', () => {
    const found = webResources.flatMap(({ key, web }) => [
      ...problems(`${key} 列`, web.columns),
      ...problems(`${key} 表单`, web.form),
      ...problems(`${key} 筛选`, web.filters),
      ...problems(`${key} 详情`, web.detail),
    ]);
    expect(found).toEqual([]);
  });
});
