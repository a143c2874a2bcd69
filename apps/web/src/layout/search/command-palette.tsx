import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Modal, Spin } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermittedScreens, useVisibleMenuTree } from '../screens';
import { type PaletteEntry, menuEntries, recentEntries, recordEntries } from './palette-entries';
import { readRecent, rememberRecent } from './recent-searches';
import { useRecordSearch } from './use-record-search';
import './command-palette.css';

interface Props {
  open: boolean;
  /** Whose recent searches these are (the account's id). */
  account: string;
  onClose: () => void;
}

/**
 * Ctrl+K: one box that finds records (GET /search, in the operator's scope and permissions) and
 * menu entries. ↑/↓ move, Enter opens (a record: its list with its detail drawer, `?detail=`; 查看全部:
 * the list filtered by the text), Esc closes. With the box empty it offers the recent searches.
 */
export default function CommandPalette({ open, account, onClose }: Props) {
  const navigate = useNavigate();
  const screens = usePermittedScreens();
  const tree = useVisibleMenuTree();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState(() => readRecent(account));
  // The highlighted entry by key, so a new answer keeps it where it still is (else the first).
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const search = useRecordSearch(text);
  const listRef = useRef<HTMLDivElement>(null);

  const entries = useMemo((): PaletteEntry[] => {
    if (!text.trim()) return recentEntries(recent);
    const records = search.answered === text.trim() ? recordEntries(search.groups, text, screens) : [];
    return [...menuEntries(tree, text), ...records];
  }, [text, recent, search.answered, search.groups, screens, tree]);

  const found = entries.findIndex((entry) => entry.key === activeKey);
  const active = found >= 0 ? found : 0;
  const setActive = (index: number) => setActiveKey(entries[index]?.key ?? null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const choose = (entry: PaletteEntry | undefined) => {
    if (!entry) return;
    if (entry.recent !== undefined) {
      setText(entry.recent);
      return;
    }
    if (!entry.to) return;
    if (text.trim()) setRecent(rememberRecent(account, text));
    setText('');
    onClose();
    void navigate(entry.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const n = entries.length;
    if (event.key === 'ArrowDown' && n > 0) {
      event.preventDefault();
      setActive((active + 1) % n);
    } else if (event.key === 'ArrowUp' && n > 0) {
      event.preventDefault();
      setActive((active - 1 + n) % n);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(entries[active]);
    }
  };

  const waiting = !!text.trim() && (search.loading || search.answered !== text.trim());
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      title={null}
      width={640}
      className="command-palette"
      destroyOnHidden={false}
      afterOpenChange={(visible) => visible && setRecent(readRecent(account))}
    >
      <Input
        autoFocus
        size="large"
        allowClear
        prefix={<SearchOutlined />}
        placeholder="搜索门店、企业、设备、订单、账号或菜单"
        aria-label="搜索内容"
        role="combobox"
        aria-expanded={entries.length > 0}
        aria-controls="command-palette-list"
        aria-activedescendant={entries[active] ? `palette-${active}` : undefined}
        value={text}
        maxLength={50}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div
        id="command-palette-list"
        role="listbox"
        aria-label="搜索结果"
        className="command-palette-list"
        ref={listRef}
      >
        {entries.map((entry, index) => {
          const heading = index === 0 || entries[index - 1]?.section !== entry.section ? entry.section : null;
          return (
            <div key={entry.key}>
              {heading && (
                <div className="command-palette-section" role="presentation">
                  {heading}
                </div>
              )}
              <div
                id={`palette-${index}`}
                role="option"
                aria-selected={index === active}
                className={`command-palette-option${entry.all ? ' command-palette-all' : ''}`}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(entry)}
              >
                <span className="command-palette-label">{entry.label}</span>
                {entry.detail && <span className="command-palette-detail">{entry.detail}</span>}
              </div>
            </div>
          );
        })}
        {waiting && entries.length === 0 && <Spin className="command-palette-spin" />}
        {!waiting && text.trim() && entries.length === 0 && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={search.failed ? '搜索失败，请稍后重试' : '没有找到匹配的记录或菜单'}
          />
        )}
        {!text.trim() && entries.length === 0 && (
          <div className="command-palette-hint">输入名称、编号、电话或设备号查找记录</div>
        )}
      </div>
      <div className="command-palette-keys" aria-hidden>
        <span>↑↓ 选择</span>
        <span>Enter 打开</span>
        <span>Esc 关闭</span>
      </div>
    </Modal>
  );
}
