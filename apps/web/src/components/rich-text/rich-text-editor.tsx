import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Input, Popover, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
}

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

// Formatting goes through the browser's editing commands: they keep undo/redo and selection
// behaviour native. The server sanitises whatever HTML results, so nothing here is trusted.
function exec(command: string, arg?: string): void {
  document.execCommand(command, false, arg);
}

/** The compose form's rich-text field: bold, italic, lists and links on a contentEditable area. */
export default function RichTextEditor({ value = '', onChange, placeholder }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('https://');

  // Outside changes (form reset) replace the content; typing does not round-trip through props.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const run = (command: string, arg?: string) => {
    area.current?.focus();
    exec(command, arg);
    emit();
  };
  const tool = (title: string, icon: ReactNode, command: string) => (
    <Tooltip title={title}>
      <Button
        size="small"
        type="text"
        aria-label={title}
        icon={icon}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => run(command)}
      />
    </Tooltip>
  );
  const insertLink = () => {
    if (!SAFE_LINK.test(link.trim())) return;
    area.current?.focus();
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
    if (selection && selection.isCollapsed) exec('insertText', link.trim());
    run('createLink', link.trim());
    setLinkOpen(false);
  };

  return (
    <div className="rich-editor">
      <div className="rich-editor-toolbar">
        {tool('加粗', <BoldOutlined />, 'bold')}
        {tool('斜体', <ItalicOutlined />, 'italic')}
        {tool('无序列表', <UnorderedListOutlined />, 'insertUnorderedList')}
        {tool('有序列表', <OrderedListOutlined />, 'insertOrderedList')}
        <Popover
          trigger="click"
          open={linkOpen}
          onOpenChange={(open) => {
            if (open) {
              const selection = window.getSelection();
              saved.current = selection && selection.rangeCount ? selection.getRangeAt(0).cloneRange() : null;
            }
            setLinkOpen(open);
          }}
          content={
            <div style={{ display: 'flex', gap: 8 }}>
              <Input
                aria-label="链接地址"
                value={link}
                onChange={(e) => setLink(e.target.value)}
                onPressEnter={insertLink}
                status={SAFE_LINK.test(link.trim()) ? undefined : 'error'}
                style={{ width: 240 }}
              />
              <Button type="primary" onClick={insertLink}>
                插入
              </Button>
            </div>
          }
        >
          <Tooltip title="链接">
            <Button
              size="small"
              type="text"
              aria-label="链接"
              icon={<LinkOutlined />}
              onMouseDown={(e) => e.preventDefault()}
            />
          </Tooltip>
        </Popover>
      </div>
      <div
        ref={area}
        className="rich-editor-area message-content"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label="消息内容"
        data-placeholder={placeholder}
        onInput={emit}
        onBlur={emit}
        onPaste={(e) => {
          // Pasted pages bring their own markup and styles; messages take the text only.
          e.preventDefault();
          exec('insertText', e.clipboardData.getData('text/plain'));
          emit();
        }}
      />
    </div>
  );
}
