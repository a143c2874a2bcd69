/**
 * What deleting a record does, declared once by its resource (issue 28): whether it can be
 * undone, what becomes of the records that depend on it, and what refuses it. The console's
 * delete and batch-delete confirmations state it, so an operator knows before clicking 确定;
 * the server's refusal names the same references. State only what the server really does.
 */
export interface DeleteEffect {
  /** `recycleBin`: kept in the recycle bin, from which a platform administrator restores it; `permanent`: gone for good. */
  undo: 'recycleBin' | 'permanent';
  /** What becomes of dependent records, as a sentence: 该版本在价格表中的价格一并删除。 */
  dependents?: string;
  /** The records whose reference refuses the delete, by name: ['门店（含回收站）', '合同']. */
  blockedBy?: readonly string[];
  /** A state in which the server refuses it, as a sentence: 只能删除草稿。 */
  refusedWhen?: string;
}

const undoText: Record<DeleteEffect['undo'], string> = {
  recycleBin: '删除后进入回收站，平台管理员可从回收站恢复。',
  permanent: '删除后不可恢复。',
};

/** The sentences under the question: 删除后不可恢复。该版本的价格一并删除。还有免授权码时不能删除。 */
export function deleteConsequence(effect: DeleteEffect): string {
  const blocked = effect.blockedBy?.length ? `还有${effect.blockedBy.join('、')}时不能删除。` : '';
  return `${undoText[effect.undo]}${effect.dependents ?? ''}${blocked}${effect.refusedWhen ?? ''}`;
}
