import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadField } from './upload-field';

/** An XMLHttpRequest that reports half the body sent, then answers what the test says. */
class FakeXhr {
  static answer = '';
  static sent: unknown[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  responseText = '';
  status = 200;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: unknown) {
    FakeXhr.sent.push(body);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.responseText = FakeXhr.answer;
        this.onload?.();
      }, 20);
    }, 0);
  }
}

const pick = (file: File) => fireEvent.change(screen.getByLabelText('选择客服二维码'), { target: { files: [file] } });

describe('UploadField', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    FakeXhr.sent = [];
  });

  it('refuses a file over the purpose limit without sending it', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    render(<UploadField purpose="serviceQr" />);
    pick(new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(screen.getByText('文件不能超过 2.0 MB')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows progress, then keeps the stored URL; a refusal by content is shown on the field', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const stored = { key: `${'a'.repeat(32)}.png`, url: 'http://x/files/a.png', kind: 'png', size: 9 };
    FakeXhr.answer = JSON.stringify({ errCode: 0, errMsg: '成功', data: { ...stored, originalName: 'qr.png' } });
    const onChange = vi.fn();
    render(<UploadField purpose="serviceQr" onChange={onChange} />);
    pick(new File(['png bytes'], 'qr.png', { type: 'image/png' }));
    expect(await screen.findByText('50%')).toBeTruthy();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('http://x/files/a.png'));

    const refusal = '文件内容不是允许的类型（客服二维码仅限 PNG、JPEG、WebP）';
    FakeXhr.answer = JSON.stringify({ errCode: 400100, errMsg: refusal, data: null, fieldErrors: { file: refusal } });
    pick(new File(['<svg/>'], 'qr.png', { type: 'image/png' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });
});
