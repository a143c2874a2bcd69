import { Modal } from 'antd';
import { Fragment } from 'react';
import type { RowAction } from './define-web-resource';
import type { ListCommand, ListKeyKind } from './list-key-map';
import type { ListRow } from './list-row';
import './list-key-help.css';

/** The cheat sheet's lines, in this order; `when` leaves out a key the list cannot use. */
const LIST_KEYS: readonly { keys: readonly string[]; label: string; when?: ListKeyKind }[] = [
  { keys: ['↑', 'k'], label: '上一行' },
  { keys: ['↓', 'j'], label: '下一行' },
  { keys: ['Enter'], label: '查看当前行详情', when: 'open' },
  { keys: ['x'], label: '选中或取消选中当前行（用于批量操作）', when: 'select' },
  { keys: ['/'], label: '定位到关键词筛选', when: 'search' },
  { keys: ['['], label: '上一页' },
  { keys: [']'], label: '下一页' },
  { keys: ['?'], label: '打开本快捷键说明' },
];

/** How a key is shown: letters upper-case as on the keyboard's caps. */
const keyCap = (key: string) => (key.length === 1 ? key.toUpperCase() : key);

interface Props {
  open: boolean;
  onClose: () => void;
  /** The screen's row actions the operator may use; those with a key are listed. */
  actions: readonly RowAction<ListRow>[];
  /** Keys the list cannot use here (no detail, no batch action, no filter) are left out. */
  unavailable: ReadonlySet<ListCommand['kind']>;
}

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="resource-key-caps">
      {keys.map((key, at) => (
        <Fragment key={key}>
          {at > 0 && ' / '}
          <kbd>{keyCap(key)}</kbd>
        </Fragment>
      ))}
    </span>
  );
}

/** The `?` cheat sheet: the keys every list answers, then this screen's row actions with theirs. */
export function ListKeyHelp({ open, onClose, actions, unavailable }: Props) {
  const own = actions.flatMap(({ key, label, hotkey }) => (hotkey ? [{ key, label, hotkey }] : []));
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="键盘快捷键" width={440} destroyOnHidden>
      <dl className="resource-key-list">
        {LIST_KEYS.filter((line) => !line.when || !unavailable.has(line.when)).map((line) => (
          <Fragment key={line.label}>
            <dt>
              <Keys keys={line.keys} />
            </dt>
            <dd>{line.label}</dd>
          </Fragment>
        ))}
      </dl>
      {own.length > 0 && (
        <>
          <h4 className="resource-key-heading">本页操作（作用于当前行，仍会先确认）</h4>
          <dl className="resource-key-list">
            {own.map((action) => (
              <Fragment key={action.key}>
                <dt>
                  <Keys keys={[action.hotkey]} />
                </dt>
                <dd>{action.label}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
      <p className="resource-key-note">在输入框中输入时，或有弹窗、抽屉打开时，快捷键不生效。</p>
    </Modal>
  );
}
