import type { MenuAccountOption } from '@console/contract';
import { Select } from 'antd';

/** Picks the official account whose menu is edited; an unauthorised one is marked (it cannot publish). */
export function AccountPicker(props: {
  accounts: MenuAccountOption[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <Select
      className="menu-account-picker"
      value={props.value}
      onChange={props.onChange}
      placeholder="请选择公众号"
      aria-label="公众号"
      showSearch={{ optionFilterProp: 'label' }}
      options={props.accounts.map((a) => ({
        value: a.id,
        label: `${a.name}（${a.appId}）${a.status === 1 ? '' : ' · 未授权'}`,
      }))}
    />
  );
}
