import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import RichTextEditor from './rich-text-editor';

// ProseMirror scrolls the selection into view; jsdom lays nothing out, so a range has no boxes.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => document.body.getClientRects();
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('RichTextEditor (TipTap)', () => {
  afterEach(cleanup);

  it('shows the value it is given and names its area for screen readers', async () => {
    render(<RichTextEditor value="<p>今晚 <strong>停机</strong> 维护</p>" label="协议内容" />);
    const area = await screen.findByRole('textbox', { name: '协议内容' });
    expect(area.innerHTML).toContain('<strong>停机</strong>');
  });

  it('formats the selection from the toolbar and reports the HTML', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor value="<p>停机维护</p>" onChange={onChange} />);
    const area = await screen.findByRole('textbox', { name: '消息内容' });
    // Select the whole text, as a drag would.
    area.focus();
    const text = area.querySelector('p')!.firstChild!;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 4);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
    fireEvent.click(screen.getByRole('button', { name: '加粗' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>停机维护</strong></p>'));
  });

  it('answers an emptied editor as no content, and takes an outside reset', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<RichTextEditor value="<p>草稿</p>" onChange={onChange} />);
    const area = await screen.findByRole('textbox', { name: '消息内容' });
    rerender(<RichTextEditor value="" onChange={onChange} />);
    await waitFor(() => expect(area.textContent).toBe(''));
    // A reset is not the operator's edit: nothing is reported back.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers only the formats the server keeps', async () => {
    render(<RichTextEditor />);
    await screen.findByRole('textbox', { name: '消息内容' });
    const tools = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(tools).toEqual(['加粗', '斜体', '无序列表', '有序列表', '链接']);
  });
});
