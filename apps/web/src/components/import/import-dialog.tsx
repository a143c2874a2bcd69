import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportPreview,
  type ImportResult,
  type RegisterImport,
} from '@console/contract';
import { Alert, App, Button, Modal, Progress, Result, Space, Upload } from 'antd';
import { useRef, useState } from 'react';
import { api } from '../../lib/api/request';
import { download, saveFile } from '../../lib/api/download';
import { apiWithUploadProgress } from '../../lib/api/json-upload';
import { ImportPreviewView } from './import-preview';
import { readAsBase64, saveErrorReport } from './import-report';

type Step =
  | { kind: 'pick' }
  | { kind: 'checking'; percent: number; label: string }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'writing'; preview: ImportPreview }
  | { kind: 'done'; result: ImportResult };

interface Props {
  spec: RegisterImport;
  onClose: () => void;
  /** Called after rows were written, so the list reloads. */
  onImported: () => void;
}

/**
 * Import of a register from Excel/CSV (any register declaring `defineImport`): template, upload
 * with a progress bar, a preview of the rows and their errors before anything is written, then
 * one commit and its count, with the refused rows as a report to download.
 */
export function ImportDialog({ spec, onClose, onImported }: Props) {
  const { message } = App.useApp();
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const abort = useRef<AbortController | null>(null);
  const title = spec.resource.title;

  const check = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) {
      void message.error('文件超过 10 MB，请拆分后导入');
      return;
    }
    abort.current = new AbortController();
    setStep({ kind: 'checking', percent: 0, label: '正在读取文件…' });
    try {
      const content = await readAsBase64(file, (f) =>
        setStep({ kind: 'checking', percent: Math.round(f * 20), label: '正在读取文件…' }),
      );
      const preview = await apiWithUploadProgress(
        spec.endpoints.preview,
        { fileName: file.name, content },
        (f) =>
          setStep({
            kind: 'checking',
            percent: 20 + Math.round(f * 70),
            label: f < 1 ? '正在上传…' : '正在逐行校验…',
          }),
        abort.current.signal,
      );
      setStep({ kind: 'preview', preview: preview as ImportPreview });
    } catch {
      // The request client has shown why (unreadable file, missing column, network).
      setStep({ kind: 'pick' });
    }
  };

  const commit = async (preview: ImportPreview) => {
    setStep({ kind: 'writing', preview });
    try {
      const result = (await api(spec.endpoints.commit, { body: { importId: preview.importId } })) as ImportResult;
      setStep({ kind: 'done', result });
      onImported();
    } catch {
      setStep({ kind: 'preview', preview });
    }
  };

  const template = async () => {
    const file = await download(spec.endpoints.template, {}, `${title}导入模板.xlsx`);
    saveFile(file.blob, file.filename);
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const footer = () => {
    if (step.kind === 'preview' || step.kind === 'writing') {
      const { preview } = step;
      return (
        <Space wrap>
          <Button onClick={() => setStep({ kind: 'pick' })} disabled={step.kind === 'writing'}>
            重新选择文件
          </Button>
          <Button
            type="primary"
            loading={step.kind === 'writing'}
            disabled={preview.valid === 0}
            onClick={() => void commit(preview)}
          >
            导入 {preview.valid.toLocaleString('en-US')} 条
          </Button>
        </Space>
      );
    }
    return <Button onClick={close}>{step.kind === 'done' ? '完成' : '取消'}</Button>;
  };

  return (
    <Modal open title={`导入${title}`} width={860} onCancel={close} footer={footer()} destroyOnHidden>
      {step.kind === 'pick' && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title={`按模板表头填写，一次最多 ${IMPORT_MAX_ROWS.toLocaleString('en-US')} 行；支持 Excel/WPS/LibreOffice 保存的 .xlsx 和 UTF-8 或 GBK 编码的 .csv。导入前会先预览，确认后才写入。`}
            action={
              <Button size="small" icon={<DownloadOutlined />} onClick={() => void template()}>
                下载模板
              </Button>
            }
          />
          <Upload.Dragger
            accept=".xlsx,.csv"
            showUploadList={false}
            beforeUpload={(file) => {
              void check(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖入 .xlsx / .csv 文件</p>
          </Upload.Dragger>
        </Space>
      )}
      {step.kind === 'checking' && (
        <div role="status" aria-label="导入进度">
          <Progress percent={step.percent} status="active" />
          <p>{step.label}</p>
        </div>
      )}
      {(step.kind === 'preview' || step.kind === 'writing') && (
        <>
          {step.kind === 'writing' && <Progress percent={99} status="active" showInfo={false} aria-label="正在写入" />}
          <ImportPreviewView
            spec={spec}
            preview={step.preview}
            onReport={() => void saveErrorReport(title, step.preview.errors)}
          />
        </>
      )}
      {step.kind === 'done' && (
        <Result
          status={step.result.errors.length > 0 ? 'warning' : 'success'}
          title={`成功导入 ${step.result.inserted.toLocaleString('en-US')} 条`}
          subTitle={step.result.errors.length > 0 ? `${step.result.errors.length} 处错误的行未导入` : undefined}
          extra={
            step.result.errors.length > 0 && (
              <Button icon={<DownloadOutlined />} onClick={() => void saveErrorReport(title, step.result.errors)}>
                下载错误报告
              </Button>
            )
          }
        />
      )}
    </Modal>
  );
}
