import { describe, expect, it } from 'vitest';
import { deleteConsequence } from './delete-effect.js';
import { type EndpointDef, permissionOf } from './endpoint.js';
import * as contract from './index.js';
import type { AnyResource } from './resource.js';

const exported: unknown[] = Object.values(contract);
const isResource = (v: unknown): v is AnyResource =>
  typeof v === 'object' && v !== null && 'endpoints' in v && 'actions' in v && 'prefix' in v;
const isEndpoint = (v: unknown): v is EndpointDef =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'access' in v;
const resources = exported.filter(isResource);
// Custom endpoints are exported in groups (saasAdminEndpoints.delete) or alone.
const endpoints = exported.flatMap((v) =>
  isEndpoint(v) ? [v] : typeof v === 'object' && v !== null ? Object.values(v).filter(isEndpoint) : [],
);

/** Resources an operator can delete from: a derived delete, or a custom one asking `<name>.delete`. */
function deletingResources(): AnyResource[] {
  const customDeletes = new Set(endpoints.map((e) => permissionOf(e.access)).filter((p) => p?.endsWith('.delete')));
  return resources.filter((r) => r.endpoints.delete || customDeletes.has(`${r.name}.delete`));
}

describe('delete consequences (issue 28)', () => {
  it('finds the resources to check, derived and custom deletes alike', () => {
    const names = deletingResources().map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['store', 'edition', 'smsChannel', 'shipToAddress', 'saasAdmin']));
  });

  it('has every resource with a delete declare what the delete does', () => {
    const undeclared = deletingResources()
      .filter((r) => !r.deleteEffect)
      .map((r) => `${r.name}（${r.title}）`);
    expect(undeclared).toEqual([]);
  });

  it('says whether the delete can be undone, what follows, and what refuses it', () => {
    expect(deleteConsequence({ undo: 'permanent' })).toBe('删除后不可恢复。');
    expect(contract.storeResource.deleteEffect && deleteConsequence(contract.storeResource.deleteEffect)).toMatch(
      /^删除后进入回收站，平台管理员可从回收站恢复。门店的设备、店主和员工账号/,
    );
    expect(contract.editionResource.deleteEffect && deleteConsequence(contract.editionResource.deleteEffect)).toBe(
      '删除后不可恢复。该版本在网页版价格、员工小程序价格中的价格一并删除。还有免授权码时不能删除。',
    );
  });

  it('writes every consequence in Chinese sentences', () => {
    for (const r of deletingResources()) {
      const effect = r.deleteEffect;
      if (!effect) continue;
      for (const sentence of [effect.dependents, effect.refusedWhen].filter(Boolean)) {
        expect(sentence, r.name).toMatch(/[\u4e00-\u9fff]。$/);
      }
      for (const name of effect.blockedBy ?? []) expect(name, r.name).toMatch(/^[\u4e00-\u9fff]/);
    }
  });
});
