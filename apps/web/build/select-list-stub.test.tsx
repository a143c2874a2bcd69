import { cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import SelectList, { type SelectListHandle, scrollTopFor } from './select-list-stub';

describe('the select dropdown’s plain list (stands in for rc-virtual-list in the build)', () => {
  afterEach(cleanup);

  it('renders every option inside antd’s holder classes, with the listbox props on the inner list', () => {
    const data = Array.from({ length: 40 }, (_, i) => ({ key: `k${i}`, label: `选项${i}` }));
    const { container } = render(
      <SelectList
        prefixCls="ant-select-dropdown-list"
        data={data}
        itemKey="key"
        height={256}
        innerProps={{ role: 'listbox', id: 'x_list' }}
      >
        {(item) => <div className="ant-select-item">{String(item.label)}</div>}
      </SelectList>,
    );
    const holder = container.querySelector<HTMLElement>('.ant-select-dropdown-list-holder');
    expect(holder?.style.maxHeight).toBe('256px');
    const inner = container.querySelector('.ant-select-dropdown-list-holder-inner');
    expect(inner?.getAttribute('role')).toBe('listbox');
    expect(container.querySelectorAll('.ant-select-item')).toHaveLength(40);
  });

  it('scrolls to a pixel, and ignores a scroll to nothing', () => {
    const ref = createRef<SelectListHandle>();
    const { container } = render(
      <SelectList ref={ref} data={[{ key: 'a' }]} itemKey="key">
        {(item) => <div>{String(item.key)}</div>}
      </SelectList>,
    );
    const holder = container.querySelector<HTMLElement>('.rc-virtual-list-holder')!;
    ref.current?.scrollTo(30);
    expect(holder.scrollTop).toBe(30);
    ref.current?.scrollTo(undefined);
    expect(holder.scrollTop).toBe(30);
    ref.current?.scrollTo({ top: 5 });
    expect(holder.scrollTop).toBe(5);
  });

  it('brings an option into view the nearest way unless told to align it', () => {
    const view = { scrollTop: 100, clientHeight: 200 };
    expect(scrollTopFor(view, 150, 180)).toBe(100);
    expect(scrollTopFor(view, 40, 70)).toBe(40);
    expect(scrollTopFor(view, 320, 350)).toBe(150);
    expect(scrollTopFor(view, 150, 180, 'top')).toBe(150);
    expect(scrollTopFor(view, 150, 180, 'bottom')).toBe(-20);
  });
});
