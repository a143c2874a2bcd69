import { SwapOutlined } from '@ant-design/icons';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

// antd's scrolling element: `.ant-table-content` for a plain table, `.ant-table-body` with a fixed
// height.
const SCROLLER = '.ant-table-content, .ant-table-body';

/**
 * Around a list's table on a narrow screen: when its columns are wider than the screen, a line
 * above it says the table scrolls sideways (a phone shows no scroll bar until touched, and the
 * pinned 操作 column hides that more columns exist). Measured again when the rows or columns change.
 */
export function TableScrollCue(props: { active: boolean; rows: unknown; columns: unknown; children: ReactNode }) {
  const { active, rows, columns, children } = props;
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = box.current;
    if (!active || !element) return undefined;
    const measure = () => {
      const scroller = element.querySelector<HTMLElement>(SCROLLER);
      setOverflows(!!scroller && scroller.scrollWidth > scroller.clientWidth + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [active, rows, columns]);

  return (
    <div ref={box}>
      {active && overflows && (
        <div className="resource-scroll-cue" role="note">
          <SwapOutlined /> 左右滑动表格查看更多列，操作列固定在右侧
        </div>
      )}
      {children}
    </div>
  );
}
