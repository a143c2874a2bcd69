import { Modal } from 'antd';
import { Fragment } from 'react';
import type { RowAction } from './define-web-resource';
import { LIST_KEYS, type ListCommand, keyCap } from './list-key-map';
import type { ListRow } from './list-row';
import './list-keys.css';

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
