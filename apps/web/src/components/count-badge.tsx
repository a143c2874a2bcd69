import type { HTMLAttributes, ReactNode, Ref } from 'react';
import './antd-markup.css';

interface Props extends Omit<HTMLAttributes<HTMLSpanElement>, 'title'> {
  count: number;
  /** Larger counts read `99+`; the title keeps the real number. */
  overflowCount?: number;
  title?: string;
  /** [right, top] nudge of the count over what it marks, as antd's `offset`. */
  offset?: [number, number];
  /** What the count sits on; none for a count on its own (a menu entry's). */
  children?: ReactNode;
  /** A tooltip around the badge finds its element through this. */
  ref?: Ref<HTMLSpanElement>;
}

/**
 * antd's small count `<Badge size="small">` markup, styled by antd.css's classes without the
 * component: the shell's three counts (系统消息, 导出中心, 开店申请) put Badge with its ribbon and
 * rolling digits (~4 KB gzip) on every screen. No count is drawn at zero, as antd does.
 */
export function CountBadge({ count, overflowCount = 99, title, offset, children, className, ref, ...rest }: Props) {
  const wrapped = children !== undefined && children !== null;
  const shown = count > overflowCount ? `${overflowCount}+` : String(count);
  const classes = ['ant-badge', wrapped ? '' : 'ant-badge-not-a-wrapper', 'console-markup-badge', className ?? ''];
  return (
    <span ref={ref} {...rest} className={classes.filter(Boolean).join(' ')}>
      {children}
      {count > 0 && (
        <sup
          className={`ant-scroll-number ant-badge-count ant-badge-count-sm${shown.length > 1 ? ' ant-badge-multiple-words' : ''}`}
          data-show="true"
          title={title ?? String(count)}
          style={offset ? { right: -offset[0], marginTop: offset[1] } : undefined}
        >
          {shown}
        </sup>
      )}
    </span>
  );
}
