import { type AnyResource, deleteConsequence } from '@console/contract';
import { zh } from '../../lib/zh-text';

/**
 * What an action asks before it runs: a question, or a question with what follows from it. Both
 * a Popconfirm (title + description) and a modal (title + content) show the two parts, so a list
 * may ask either way without the action knowing which.
 */
export type Confirmation = string | { title: string; description?: string };

export function confirmationParts(confirmation: Confirmation): { title: string; description?: string } {
  return typeof confirmation === 'string' ? { title: confirmation } : confirmation;
}

/** The resource's declared consequence (delete-effect.ts in the contract), when it declares one. */
const consequence = (resource: AnyResource) =>
  resource.deleteEffect ? { description: deleteConsequence(resource.deleteEffect) } : {};

/** 确定删除门店「一店」吗？ with what deleting a store does. */
export function deleteConfirmation(resource: AnyResource, rowTitle: string): Confirmation {
  return { title: `${zh('确定删除', resource.title)}「${rowTitle}」吗？`, ...consequence(resource) };
}

/** 确定删除选中的 3 条门店吗？ with what deleting each does. */
export function batchDeleteConfirmation(resource: AnyResource, count: number): Confirmation {
  return { title: `确定删除选中的 ${count} ${zh('条', resource.title, '吗？')}`, ...consequence(resource) };
}
