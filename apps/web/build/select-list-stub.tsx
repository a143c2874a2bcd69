import {
  type CSSProperties,
  Fragment,
  type Key,
  type MouseEventHandler,
  type ReactNode,
  type Ref,
  type UIEventHandler,
  forwardRef,
  useImperativeHandle,
  useRef,
} from 'react';

type Align = 'top' | 'bottom' | 'auto';

/** How rc-select asks its option list to scroll (OptionList.js): to an option, a key, a pixel, or not at all. */
export type ScrollConfig = number | { index: number; align?: Align } | { key: Key; align?: Align } | { top: number };

export interface SelectListHandle {
  scrollTo: (config?: ScrollConfig) => void;
}

/** An entry of rc-select's flattened options (OptionList.js): its `data`, label and value. */
type Item = Record<string, unknown>;

interface Props {
  prefixCls?: string;
  className?: string;
  style?: CSSProperties;
  /** The dropdown's most height (antd's `listHeight`); taller lists scroll. */
  height?: number;
  data: readonly Item[];
  itemKey: string | ((item: Item) => Key);
  onScroll?: UIEventHandler<HTMLDivElement>;
  onMouseDown?: MouseEventHandler<HTMLDivElement>;
  innerProps?: Record<string, unknown> | null;
  children: (item: Item, index: number, props: { style: CSSProperties; offsetX: number }) => ReactNode;
}

const noStyle: CSSProperties = {};

const keyValue = (value: unknown): Key => (typeof value === 'number' || typeof value === 'string' ? value : '');

/** Where the holder scrolls to so that a child from `top` to `bottom` shows, aligned as asked. */
export function scrollTopFor(
  view: { scrollTop: number; clientHeight: number },
  top: number,
  bottom: number,
  align: Align = 'auto',
): number {
  if (align === 'top') return top;
  if (align === 'bottom') return bottom - view.clientHeight;
  if (top < view.scrollTop) return top;
  if (bottom > view.scrollTop + view.clientHeight) return bottom - view.clientHeight;
  return view.scrollTop;
}

/**
 * Stands in for rc-virtual-list under rc-select's dropdown (antd-table-filters.ts): the console's
 * selects hold enum choices and pages of a remote search (tens of options), so every option is in
 * the document and the holder scrolls natively, with the same class names antd.css styles. The
 * virtual list's measuring, custom scroll bar and wheel/touch handling (~9 KB gzip) were on every
 * list screen through the pagination's page-size select.
 */
function SelectList(props: Props, ref: Ref<SelectListHandle>) {
  const { prefixCls = 'rc-virtual-list', data, itemKey } = props;
  const holder = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const keyOf = (item: Item): Key => (typeof itemKey === 'function' ? itemKey(item) : keyValue(item[itemKey]));

  useImperativeHandle(ref, () => ({
    scrollTo: (config) => {
      const view = holder.current;
      if (!view || config === undefined) return;
      if (typeof config === 'number') return void (view.scrollTop = config);
      if ('top' in config) return void (view.scrollTop = config.top);
      const index = 'index' in config ? config.index : data.findIndex((item) => keyOf(item) === config.key);
      const child = inner.current?.children[index];
      if (!(child instanceof HTMLElement)) return;
      view.scrollTop = scrollTopFor(view, child.offsetTop, child.offsetTop + child.offsetHeight, config.align);
    },
  }));

  return (
    <div className={[prefixCls, props.className].filter(Boolean).join(' ')} style={props.style}>
      <div
        ref={holder}
        className={`${prefixCls}-holder`}
        style={{ maxHeight: props.height, overflowY: 'auto', overflowAnchor: 'none', position: 'relative' }}
        onScroll={props.onScroll}
        onMouseDown={props.onMouseDown}
      >
        <div
          ref={inner}
          className={`${prefixCls}-holder-inner`}
          style={{ display: 'flex', flexDirection: 'column' }}
          {...props.innerProps}
        >
          {data.map((item, index) => (
            <Fragment key={keyOf(item)}>{props.children(item, index, { style: noStyle, offsetX: 0 })}</Fragment>
          ))}
        </div>
      </div>
    </div>
  );
}

export default forwardRef(SelectList);
