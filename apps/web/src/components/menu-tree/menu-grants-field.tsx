import type { MenuTreeNode } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { MenuTreePicker } from './menu-tree-picker';

export interface MenuGrantsFieldProps {
  /** Cache key of the catalogue the grants are chosen from. */
  queryKey: readonly unknown[];
  /** Reads that catalogue (e.g. `/saasRole/getMenu`, `/agentStaff/getMenu`). */
  load: (signal: AbortSignal) => Promise<MenuTreeNode[]>;
  /** What to say when the catalogue has nothing to grant. */
  emptyText?: string;
  /** Injected by antd's Form.Item. */
  value?: string[];
  onChange?: (ids: string[]) => void;
}

/**
 * A menu grant as a form control: the catalogue tree is loaded here, with its loading and error
 * states, and the chosen ids are the field's value. Role forms and provider operator forms use it.
 */
export function MenuGrantsField({ queryKey, load, emptyText, value, onChange }: MenuGrantsFieldProps) {
  const catalogue = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    staleTime: 60_000,
  });
  if (catalogue.isPending) return <Spin description="正在加载菜单…" />;
  if (catalogue.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="菜单目录加载失败"
        action={
          <Button size="small" onClick={() => void catalogue.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (catalogue.data.length === 0 && emptyText) return <Alert type="warning" showIcon title={emptyText} />;
  return <MenuTreePicker catalogue={catalogue.data} value={value ?? []} onChange={(ids) => onChange?.(ids)} />;
}
