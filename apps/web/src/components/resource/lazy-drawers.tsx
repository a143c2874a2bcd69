import { Drawer } from 'antd';
import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import type { AnyResource } from '@console/contract';
import type { FormDrawerProps, WebResource } from './define-web-resource';
import type { ListRow } from './use-list-actions';
import { zh } from '../../lib/zh-text';
import { useReturnFocus } from '../use-return-focus';

/**
 * The list's drawers load on first use: the form drawer brings the form controls (date pickers,
 * number input, switch), which a list does not need to paint. While a drawer's code arrives the
 * drawer is already open with antd's loading skeleton, never nothing.
 */
const ResourceFormDrawer = lazy(() =>
  import('./resource-form-drawer').then((m) => ({ default: m.ResourceFormDrawer })),
);
type DetailProps = { web: WebResource<AnyResource, ListRow>; record: ListRow | null; onClose: () => void };
const ResourceDetailDrawer = lazy(() =>
  import('./resource-detail-drawer').then((m) => ({
    default: m.ResourceDetailDrawer<ListRow> as ComponentType<DetailProps>,
  })),
);

function Loading({
  title,
  size,
  open,
  onClose,
  children,
}: {
  title: string;
  size: number;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  // Around both the loading shell and the drawer, so the focus goes back to what opened it.
  useReturnFocus(open);
  return <Suspense fallback={<Drawer open loading title={title} size={size} onClose={onClose} />}>{children}</Suspense>;
}

/** The create/edit drawer: the screen's own (`formDrawer`) or the generic one. */
export function LazyFormDrawer<Row>(props: FormDrawerProps<Row> & { custom?: ComponentType<FormDrawerProps<Row>> }) {
  const { custom, ...drawer } = props;
  const FormDrawer = (custom ?? ResourceFormDrawer) as ComponentType<FormDrawerProps<Row>>;
  const title = `${drawer.record ? (drawer.web.editLabel ?? '编辑') : '新增'}${drawer.web.resource.title}`;
  return (
    <Loading title={title} size={520} open onClose={drawer.onClose}>
      <FormDrawer {...drawer} />
    </Loading>
  );
}

/** The detail drawer, once a record has been viewed (it then stays mounted, so it can animate closed). */
export function LazyDetailDrawer(props: {
  web: WebResource<AnyResource, ListRow>;
  record: ListRow | null;
  onClose: () => void;
}) {
  return (
    <Loading title={zh(props.web.resource.title, '详情')} size={560} open={!!props.record} onClose={props.onClose}>
      <ResourceDetailDrawer {...props} />
    </Loading>
  );
}
