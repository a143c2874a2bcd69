import { type EndpointDef, macAddressResource, zkbEquipmentNoResource } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api/request';

/** Where each kind of shipped serial comes from: in-stock gateway numbers, unused terminal MACs. */
const registers: Record<1 | 2, { endpoint: EndpointDef; field: 'equipmentNo' | 'mac'; placeholder: string }> = {
  1: { endpoint: zkbEquipmentNoResource.endpoints.page!, field: 'equipmentNo', placeholder: '搜索库存中的网关编号' },
  2: { endpoint: macAddressResource.endpoints.page!, field: 'mac', placeholder: '搜索未使用的 MAC 地址' },
};

interface Props {
  kind: 1 | 2;
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** Picks serials to ship from a register, searching the server as the operator types. */
export function SerialSelect({ kind, id, value, onChange }: Props) {
  const register = registers[kind];
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useQuery({
    queryKey: ['serials', kind, keyword],
    queryFn: ({ signal }) =>
      api(register.endpoint, {
        body: { offset: 1, size: 50, status: 0, keyword: keyword || undefined },
        signal,
      }) as Promise<{
        list: Record<string, string>[];
      }>,
  });
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={(next) => onChange?.(next)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={query.isFetching}
      placeholder={register.placeholder}
      options={(query.data?.list ?? []).map((r) => ({ value: r[register.field]!, label: r[register.field] }))}
      notFoundContent={query.isFetching ? '加载中…' : '没有可发货的编号'}
      style={{ width: '100%' }}
    />
  );
}
