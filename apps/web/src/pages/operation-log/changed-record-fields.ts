import { type WebField, defineWebResource } from '../../components/resource/define-web-resource';
import { resourceAtPath } from '../../lib/contract-catalogue';

type Fields = Readonly<Record<string, WebField<unknown>>>;

/**
 * The fields of the record a logged endpoint wrote (`/api/ipRestriction/update` → IP 限制's 备注,
 * 状态 …) with the contract's labels and their kinds, so an enum shows its label; undefined for
 * endpoints outside every resource, whose changes then show field names.
 */
export function changedRecordFields(path: string): Fields | undefined {
  const resource = resourceAtPath(path);
  if (!resource) return undefined;
  // The machinery reads each field's kind and options from the schema; the labels are the contract's.
  const { fields } = defineWebResource(resource, { fields: {}, columns: [], search: [], rowTitle: () => '' });
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, { ...field, label: resource.labels[name] ?? field.label }]),
  ) as Fields;
}
