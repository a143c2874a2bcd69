import type { EndpointDef } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useState } from 'react';
import { api } from '../../lib/api/request';

/** Values the console computes from code it loads on first use (see FilterOverride.choicesLoad). */
export interface ChoiceLoader {
  key: string;
  values: () => Promise<readonly string[]>;
}

interface Props {
  /** A GET answering the values to choose from (app versions, device types). */
  endpoint?: EndpointDef;
  /** Or values computed in the browser, loaded when the dropdown first opens. */
  load?: ChoiceLoader;
  placeholder?: string;
  style?: CSSProperties;
  /** antd Form passes these. */
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
}

/**
 * A filter whose values the server lists (the distinct app versions in use): loaded when the
 * list opens, searched in the browser. A failure says so in the dropdown instead of a toast.
 */
export function RemoteChoiceSelect({ endpoint, load, placeholder, style, id, value, onChange }: Props) {
  const [opened, setOpened] = useState(false);
  const query = useQuery({
    queryKey: ['choices', endpoint?.path ?? load?.key],
    queryFn: ({ signal }) =>
      endpoint ? (api(endpoint, { signal, quiet: true }) as Promise<string[]>) : load!.values(),
    staleTime: 60_000,
    enabled: endpoint !== undefined || opened,
  });
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next)}
      onOpenChange={(open) => open && setOpened(true)}
      allowClear
      showSearch
      loading={query.isFetching}
      placeholder={placeholder ?? '全部'}
      options={(query.data ?? []).map((choice) => ({ value: choice, label: choice }))}
      notFoundContent={query.isError ? '加载失败，请重试' : query.isFetching ? '加载中…' : '暂无数据'}
      style={style}
    />
  );
}
