import { type ImportPreview, macAddressImport } from '@console/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportDialog } from './import-dialog';

const upload = vi.hoisted(() => vi.fn());
const call = vi.hoisted(() => vi.fn());
const report = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../lib/api/json-upload', () => ({ apiWithUploadProgress: upload }));
vi.mock('../../lib/api/request', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  api: call,
}));
vi.mock('./import-report', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  saveErrorReport: report,
}));

const preview: ImportPreview = {
  importId: '7',
  fileName: 'macs.xlsx',
  total: 3,
  valid: 2,
  matched: { mac: 'MAC地址' },
  sample: [
    { mac: '00:1A:2B:3C:4D:01', batchNo: 'B1', remark: '' },
    { mac: '00:1A:2B:3C:4D:02', batchNo: 'B1', remark: '' },
  ],
  errors: [{ row: 4, field: 'MAC地址', value: 'ZZ', message: 'MAC 地址为 12 位十六进制' }],
};

function open() {
  const onImported = vi.fn();
  const onClose = vi.fn();
  const { container } = render(
    <App>
      <ImportDialog spec={macAddressImport} onClose={onClose} onImported={onImported} />
    </App>,
  );
  const pick = (file: File) => {
    const input = document.body.querySelector<HTMLInputElement>('input[type=file]');
    fireEvent.change(input!, { target: { files: [file] } });
  };
  return { container, onImported, onClose, pick };
}

describe('ImportDialog (a register import: preview, then one commit)', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the rows and their errors before anything is written, then imports the valid rows', async () => {
    upload.mockImplementation((_def, _body, onProgress: (f: number) => void) => {
      onProgress(0.5);
      return Promise.resolve(preview);
    });
    call.mockResolvedValue({ inserted: 2, errors: preview.errors });
    const dialog = open();
    dialog.pick(new File([new TextEncoder().encode('MAC地址\n00:1A:2B:3C:4D:01\n')], 'macs.csv', { type: 'text/csv' }));

    expect(await screen.findByText('1 行有错误，不会导入；其余行可以导入')).toBeTruthy();
    expect(screen.getByText('MAC 地址为 12 位十六进制')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    const sent = upload.mock.calls[0]?.[1] as { fileName: string; content: string };
    expect(sent.fileName).toBe('macs.csv');
    expect(new TextDecoder().decode(Uint8Array.from(atob(sent.content), (c) => c.charCodeAt(0)))).toBe(
      'MAC地址\n00:1A:2B:3C:4D:01\n',
    );

    fireEvent.click(screen.getByRole('button', { name: /下载错误报告/ }));
    expect(report).toHaveBeenCalledWith('MAC 地址', preview.errors);

    fireEvent.click(screen.getByRole('button', { name: /导入 2 条/ }));
    expect(await screen.findByText('成功导入 2 条')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(macAddressImport.endpoints.commit, { body: { importId: '7' } });
    expect(dialog.onImported).toHaveBeenCalled();
  });

  it('goes back to choosing a file when the server cannot read it', async () => {
    upload.mockRejectedValue(new Error('无法读取该 Excel 文件'));
    open().pick(new File(['x'], 'bad.xlsx'));
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(await screen.findByText('点击或拖入 .xlsx / .csv 文件')).toBeTruthy();
  });
});
