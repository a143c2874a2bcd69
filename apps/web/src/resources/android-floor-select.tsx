import { ANDROID_FLOOR_MAX, ANDROID_FLOOR_MIN, type AndroidDevice, androidEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useMemo, useState } from 'react';
import type { FieldInputProps } from '../components/resource/define-web-resource';
import { api } from '../lib/api/request';

export const floorLabel = (floor: number) => (floor < 0 ? `地下 ${-floor} 层` : `${floor} 层`);

/**
 * A terminal's floor, picked among the floors its store's rooms of the chosen type are on
 * (`getRoomFloorList`); a floor not used yet is typed into the search box and offered as new.
 */
export function AndroidFloorSelect({ record, id, value, onChange }: FieldInputProps<AndroidDevice>) {
  // The form's value once it has one (useWatch answers undefined on the first render).
  const roomType = Form.useWatch<AndroidDevice['roomType'] | undefined>('roomType') ?? record?.roomType;
  // The store chosen in the same form (binding a store-less terminal), else the record's.
  const storeId = Form.useWatch<string | null | undefined>('storeId') ?? record?.storeId;
  const [typed, setTyped] = useState('');
  const floors = useQuery({
    queryKey: ['androidFloors', storeId, roomType],
    queryFn: ({ signal }) =>
      api(androidEndpoints.floors, { query: { storeId: storeId!, roomType }, signal, quiet: true }),
    enabled: !!storeId,
    staleTime: 30_000,
  });

  const options = useMemo(() => {
    const known = new Set(floors.data ?? []);
    const extra: number[] = [];
    if (typeof value === 'number' && !known.has(value)) extra.push(value);
    const n = /^-?\d{1,2}$/.test(typed.trim()) ? Number(typed.trim()) : NaN;
    if (Number.isInteger(n) && n >= ANDROID_FLOOR_MIN && n <= ANDROID_FLOOR_MAX && !known.has(n) && n !== value)
      extra.push(n);
    return [
      ...[...known].map((floor) => ({ value: floor, label: floorLabel(floor) })),
      ...extra.map((floor) => ({
        value: floor,
        label: floor === value ? floorLabel(floor) : `${floorLabel(floor)}（新楼层）`,
      })),
    ];
  }, [floors.data, typed, value]);

  return (
    <Select<number>
      id={id}
      value={typeof value === 'number' ? value : undefined}
      onChange={(next) => {
        setTyped('');
        onChange?.(next);
      }}
      showSearch
      searchValue={typed}
      onSearch={setTyped}
      filterOption={(input, option) => String(option?.value ?? '').startsWith(input.trim()) || input.trim() === ''}
      loading={floors.isFetching}
      placeholder="请选择楼层"
      options={options}
      notFoundContent={
        !storeId
          ? '请先选择门店'
          : floors.isError
            ? '楼层加载失败，请重试'
            : floors.isFetching
              ? '加载中…'
              : `输入 ${ANDROID_FLOOR_MIN} 到 ${ANDROID_FLOOR_MAX} 之间的楼层号添加`
      }
      style={{ width: '100%' }}
    />
  );
}
