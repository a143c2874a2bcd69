import { DownOutlined, SearchOutlined, UndoOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { memo, useEffect, useId, useState } from 'react';
import { useAppStore } from '../../stores/app';
import type { WebFilter } from './define-web-resource';
import { LazyDateRangeFilter, LazyNumberFilter, LazyReferenceFilter } from './lazy-filter-pickers';
import { zh } from '../../lib/zh-text';
import { RemoteChoiceSelect } from './remote-choice-select';

interface Props {
  filters: readonly WebFilter[];
  /** Current filters in wire form. */
  values: Record<string, unknown>;
  onSearch: (values: Record<string, unknown>) => void;
}

type Range = { from?: string; to?: string };
const isRange = (filter: WebFilter) => filter.kind === 'dateRange' || filter.kind === 'datetimeRange';

function toForm(filters: readonly WebFilter[], values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    filters.map((filter) => {
      const value = values[filter.name];
      if (!isRange(filter) || !value) return [filter.name, value];
      const range = value as Range;
      return [filter.name, [range.from ? dayjs(range.from) : null, range.to ? dayjs(range.to) : null]];
    }),
  );
}

function toWire(filters: readonly WebFilter[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const filter of filters) {
    const value = values[filter.name];
    if (value === undefined || value === null || value === '') continue;
    if (isRange(filter)) {
      const [from, to] = value as [Dayjs | null, Dayjs | null];
      const wire = (d: Dayjs | null) =>
        d ? (filter.kind === 'dateRange' ? d.format('YYYY-MM-DD') : d.toISOString()) : undefined;
      if (from || to) out[filter.name] = { from: wire(from), to: wire(to) };
    } else out[filter.name] = typeof value === 'string' ? value.trim() || undefined : value;
  }
  return out;
}

function control(filter: WebFilter) {
  const placeholder = filter.placeholder;
  switch (filter.kind) {
    case 'select':
      return <Select allowClear placeholder={placeholder ?? '全部'} options={filter.options} style={{ width: 160 }} />;
    case 'choice':
      return filter.choicesFrom || filter.choicesLoad ? (
        <RemoteChoiceSelect
          endpoint={filter.choicesFrom}
          load={filter.choicesLoad}
          placeholder={placeholder}
          style={{ width: 160 }}
        />
      ) : (
        <Select
          allowClear
          showSearch
          placeholder={placeholder ?? '全部'}
          options={filter.choices?.map((choice) => ({ value: choice, label: choice }))}
          style={{ width: 160 }}
        />
      );
    case 'reference':
      return filter.reference ? (
        <LazyReferenceFilter source={filter.reference} placeholder={placeholder ?? '全部'} style={{ width: 200 }} />
      ) : null;
    case 'number':
      return <LazyNumberFilter placeholder={placeholder} />;
    case 'dateRange':
      return <LazyDateRangeFilter />;
    case 'datetimeRange':
      return <LazyDateRangeFilter showTime />;
    default:
      return <Input allowClear placeholder={placeholder ?? zh('请输入', filter.label)} style={{ width: 200 }} />;
  }
}

/**
 * The list's search bar; it follows `values` (the address) and reports a search on 查询 or Enter.
 * Memoised: ticking rows or loading a page re-renders the list, not its search form.
 */
export const SearchBar = memo(function SearchBar({ filters, values, onSearch }: Props) {
  const [form] = Form.useForm();
  // Two tabs of one screen are both mounted (keep-alive); a per-instance form name keeps input ids unique.
  const name = `search${useId().replaceAll(':', '')}`;
  const mobile = useAppStore((state) => state.device === 'mobile');
  const [expanded, setExpanded] = useState(false);
  // On a phone the filters would push the list off the first screen: show one until asked,
  // and always show any that currently filter the list.
  const collapsible = mobile && filters.length > 1;
  const shown = (filter: WebFilter, index: number) =>
    !collapsible || expanded || index === 0 || values[filter.name] !== undefined;
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(filters, values));
  }, [form, filters, values]);
  if (filters.length === 0) return null;
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      className="resource-search"
      onFinish={(raw: Record<string, unknown>) => onSearch(toWire(filters, raw))}
    >
      {filters.map((filter, index) => (
        <Form.Item key={filter.name} name={filter.name} label={filter.label} hidden={!shown(filter, index)}>
          {control(filter)}
        </Form.Item>
      ))}
      {/* One item: 重置 never wraps away from 查询 onto a line of its own. */}
      <Form.Item>
        <div className="resource-search-buttons">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button icon={<UndoOutlined />} onClick={() => onSearch({})}>
            重置
          </Button>
        </div>
      </Form.Item>
      {collapsible && (
        <Form.Item>
          <Button type="link" onClick={() => setExpanded(!expanded)}>
            {expanded ? '收起' : '更多筛选'}
            {expanded ? <UpOutlined /> : <DownOutlined />}
          </Button>
        </Form.Item>
      )}
    </Form>
  );
});
