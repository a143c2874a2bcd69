import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Popover, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** The editing area's accessible name (the form item's label). */
  label?: string;
}

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** TipTap's empty document; the form treats it as no content. */
const EMPTY = '<p></p>';

// Only what the server's sanitiser keeps (paragraphs, bold, italic, lists, links): headings,
// code and quotes would be offered here and then disappear on save. The server sanitises
// whatever HTML results, so nothing here is trusted.
const extensions = (placeholder: string | undefined) => [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    heading: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => SAFE_LINK.test(url),
    },
  }),
  Placeholder.configure({ placeholder: placeholder ?? '' }),
];

function ToolButton(props: { title: string; icon: ReactNode; active: boolean; onClick: () => void }) {
  return (
    <Tooltip title={props.title}>
      <Button
        size="small"
        type={props.active ? 'primary' : 'text'}
        ghost={props.active}
        aria-label={props.title}
        aria-pressed={props.active}
        icon={props.icon}
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

function LinkTool({ editor }: { editor: Editor }) {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState('https://');
  const insert = () => {
    const href = link.trim();
    if (!SAFE_LINK.test(href)) return;
    const chain = editor.chain().focus();
    // With nothing selected the address itself becomes the link's text.
    if (editor.state.selection.empty)
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.extendMarkRange('link').setLink({ href }).run();
    setOpen(false);
  };
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      content={
        <div style={{ display: 'flex', gap: 8 }}>
          <Input
            aria-label="链接地址"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            onPressEnter={insert}
            status={SAFE_LINK.test(link.trim()) ? undefined : 'error'}
            style={{ width: 240 }}
          />
          <Button type="primary" onClick={insert}>
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
  );
}

/**
 * The rich-text field of the compose form and the agreement editor, on TipTap (ProseMirror):
 * bold, italic, lists and links, with undo/redo, and pasted pages reduced to their text.
 */
export default function RichTextEditor({ value = '', onChange, placeholder, label = '消息内容' }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: extensions(placeholder),
    content: value,
    editorProps: {
      attributes: {
        class: 'rich-editor-area message-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
      // Pasted pages bring their own markup and styles; messages take the text only.
      handlePaste: (view, event) => {
        const text = event.clipboardData?.getData('text/plain') ?? '';
        view.dispatch(view.state.tr.insertText(text));
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      onChange?.(html === EMPTY ? '' : html);
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  });

  // Outside changes (a form reset) replace the content; typing does not round-trip through props.
  useEffect(() => {
    const current = editor.getHTML();
    if (value !== current && !(value === '' && current === EMPTY))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="rich-editor">
      <div className="rich-editor-toolbar">
        <ToolButton
          title="加粗"
          icon={<BoldOutlined />}
          active={active.bold}
          onClick={() => editor.chain().focus().toggleBold().run()}
        />
        <ToolButton
          title="斜体"
          icon={<ItalicOutlined />}
          active={active.italic}
          onClick={() => editor.chain().focus().toggleItalic().run()}
        />
        <ToolButton
          title="无序列表"
          icon={<UnorderedListOutlined />}
          active={active.bulletList}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        />
        <ToolButton
          title="有序列表"
          icon={<OrderedListOutlined />}
          active={active.orderedList}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        />
        <LinkTool editor={editor} />
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
