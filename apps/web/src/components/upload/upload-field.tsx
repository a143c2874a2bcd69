import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { type UploadPurpose, type UploadedFile, acceptOf, uploadKinds, uploadPurposes } from '@console/contract';
import { Button, Image, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../lib/api/api-error';
import { checkBeforeUpload, formatSize, uploadFile } from '../../lib/api/upload';
import { LockableButton, useWriteLocked } from '../resource/write-lock';
import { FileSource } from './file-source';
import { isImagePurpose, looksLikeImage } from './file-url';
import './upload-field.css';

export interface UploadFieldProps {
  purpose: UploadPurpose;
  /** The stored file's URL (or key, with `keep="key"`); antd Form passes it. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** What the field keeps: the URL (shown anywhere) or the key (a form the server resolves). */
  keep?: 'url' | 'key';
  /** The whole answer (size, md5) for forms that show more than the file. */
  onUploaded?: (file: UploadedFile) => void;
  disabled?: boolean;
  id?: string;
}

type State =
  { phase: 'idle' } | { phase: 'sending'; name: string; percent: number } | { phase: 'failed'; error: string };

/**
 * One upload field for every form: picks a file (the picker offers the purpose's types), checks
 * its size here, sends it with progress, and keeps what the server stored. Images show a preview;
 * other files a link. The server judges the type by content, so its refusal is shown here too.
 */
export function UploadField({ purpose, value, onChange, keep = 'url', onUploaded, disabled, id }: UploadFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [picked, setPicked] = useState<UploadedFile | null>(null);
  const rule = uploadPurposes[purpose];
  const kinds = rule.kinds.map((kind) => uploadKinds[kind].label).join('、');
  useEffect(() => () => abort.current?.abort(), []);
  // Sending a file is a write: locked in a read-only 以服务商身份查看 tab. In write mode the server
  // still refuses it (uploads are the account's own), as it always has.
  const locked = useWriteLocked();

  const send = async (file: File) => {
    const refused = checkBeforeUpload(file, purpose);
    if (refused) {
      setState({ phase: 'failed', error: refused });
      return;
    }
    abort.current = new AbortController();
    setState({ phase: 'sending', name: file.name, percent: 0 });
    try {
      const stored = await uploadFile(
        file,
        purpose,
        (percent) => setState({ phase: 'sending', name: file.name, percent }),
        abort.current.signal,
      );
      setPicked(stored);
      setState({ phase: 'idle' });
      onUploaded?.(stored);
      onChange?.(keep === 'key' ? stored.key : stored.url);
    } catch (error) {
      if (isAbortError(error)) setState({ phase: 'idle' });
      else setState({ phase: 'failed', error: error instanceof Error ? error.message : '上传失败' });
    }
  };

  const sending = state.phase === 'sending';
  const showImage = value && (isImagePurpose(purpose) || looksLikeImage(value));
  return (
    <div className="upload-field" id={id}>
      <input
        ref={input}
        type="file"
        style={{ display: 'none' }}
        accept={acceptOf(purpose)}
        aria-label={`选择${rule.label}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      {value && (
        <FileSource value={value} purpose={purpose}>
          {(href, refused) => {
            if (refused) return <Typography.Text type="secondary">已上传文件（无法预览）</Typography.Text>;
            if (href === null) return null;
            if (showImage) {
              return <Image src={href} width={96} height={96} className="upload-field-preview" alt={rule.label} />;
            }
            return (
              <Typography.Link href={href} target="_blank" rel="noopener noreferrer" ellipsis>
                <PaperClipOutlined /> {picked?.originalName || '已上传文件'}
                {picked ? `（${formatSize(picked.size)}）` : ''}
              </Typography.Link>
            );
          }}
        </FileSource>
      )}
      <Space wrap>
        <LockableButton
          locked={locked}
          icon={<UploadOutlined />}
          disabled={disabled || sending}
          onClick={() => input.current?.click()}
        >
          {value ? '重新上传' : `上传${rule.label}`}
        </LockableButton>
        {value && !sending && (
          <Button icon={<DeleteOutlined />} disabled={disabled} onClick={() => onChange?.(null)} aria-label="移除文件">
            移除
          </Button>
        )}
        {sending && <Button onClick={() => abort.current?.abort()}>取消上传</Button>}
      </Space>
      {sending && (
        <div className="upload-field-progress">
          <Typography.Text type="secondary" ellipsis>
            {state.name}
          </Typography.Text>
          <Progress percent={state.percent} size="small" status="active" />
        </div>
      )}
      {state.phase === 'failed' && <Typography.Text type="danger">{state.error}</Typography.Text>}
      <Typography.Text type="secondary" className="upload-field-hint">
        支持 {kinds}，不超过 {formatSize(rule.maxBytes)}
      </Typography.Text>
    </div>
  );
}
