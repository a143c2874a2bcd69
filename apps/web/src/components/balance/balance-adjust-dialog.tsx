import { Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { applyFieldErrors } from '../../lib/api/request';
import { formatFen, formatYuan } from '../../lib/money';
import { LockableButton, useWriteLocked } from '../resource/write-lock';

export interface BalanceAdjustDraft {
  direction: 1 | 2;
  kind: number;
  /** Fen. */
  amount: number;
  remark: string;
}

interface FormValues {
  direction: 1 | 2;
  kind: number;
  /** 元, as typed. */
  yuan: number;
  remark: string;
}

export interface BalanceAdjustDialogProps {
  title: string;
  /** What is adjusted, for the confirmation (企业 → its name; 账户 → 平台直营). */
  subject: { label: string; name: ReactNode };
  /** The balance in fen the operator adjusts from; null while it loads. */
  balance: number | null;
  /** Said beside the balance (e.g. 已冻结：只能充值). */
  balanceNote?: string;
  kinds: { options: readonly { value: number; label: string }[]; labels: Record<number, string> };
  initialKind: number;
  /** Sends the confirmed adjustment; its errors return the operator to the form. */
  send: (draft: BalanceAdjustDraft) => Promise<unknown>;
  /** Where the change is recorded, for the confirmation's warning. */
  recordedIn: string;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * 调整余额 in two steps: the operator fills in direction, amount and reason, then sees the balance
 * before and after and must confirm once more; only that second click sends the adjustment. The
 * server writes the balance and its ledger entry in one transaction and refuses an overdraft.
 * Its own form, not an ActionDialog: the second step confirms the figures before anything is sent.
 */
export function BalanceAdjustDialog(props: BalanceAdjustDialogProps) {
  const { balance, kinds } = props;
  const [form] = Form.useForm<FormValues>();
  const [draft, setDraft] = useState<FormValues | null>(null);
  const [saving, setSaving] = useState(false);
  // 确认调整 writes: locked in a read-only 以服务商身份查看 tab (下一步 only shows what it would do).
  const locked = useWriteLocked();
  const [failure, setFailure] = useState<string | null>(null);
  const fen = draft ? Math.round(draft.yuan * 100) : 0;
  const before = balance ?? 0;
  const after = draft ? before + (draft.direction === 1 ? fen : -fen) : before;

  const send = async () => {
    if (!draft || locked) return;
    setSaving(true);
    setFailure(null);
    try {
      await props.send({ direction: draft.direction, kind: draft.kind, amount: fen, remark: draft.remark.trim() });
      props.onDone();
    } catch (error) {
      // Back to the form: field messages land on their inputs, anything else is said above it.
      setDraft(null);
      if (!applyFieldErrors(form, error)) setFailure(error instanceof Error ? error.message : '调整失败，请重试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={props.title}
      onCancel={saving ? undefined : props.onCancel}
      maskClosable={false}
      destroyOnHidden
      footer={null}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <div hidden={!!draft}>
        <p>
          当前余额 <b>{balance === null ? '加载中…' : formatYuan(balance)}</b>
          {props.balanceNote}
        </p>
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{ direction: 1, kind: props.initialKind }}
          onFinish={(values) => {
            setFailure(null);
            setDraft(values);
          }}
        >
          <Form.Item name="direction" label="方向">
            <Radio.Group
              optionType="button"
              options={[
                { value: 1, label: '充值（增加）' },
                { value: 2, label: '扣款（减少）' },
              ]}
            />
          </Form.Item>
          <Form.Item name="kind" label="类型">
            <Select options={kinds.options as { value: number; label: string }[]} />
          </Form.Item>
          <Form.Item
            name="yuan"
            label="金额"
            rules={[
              { required: true, message: '请输入金额' },
              { type: 'number', min: 0.01, message: '金额需大于 0' },
              { type: 'number', max: 10_000_000, message: '单次调整不超过 1000 万元' },
            ]}
          >
            <InputNumber min={0} precision={2} prefix="¥" addonAfter="元" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="remark"
            label="调整原因"
            rules={[
              { required: true, whitespace: true, message: '请填写调整原因' },
              { min: 2, message: '调整原因至少 2 个字' },
            ]}
          >
            <Input.TextArea
              maxLength={500}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder="如：对公转账充值，流水号 …"
            />
          </Form.Item>
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button onClick={props.onCancel}>取消</Button>
            <Button type="primary" htmlType="submit" disabled={balance === null}>
              下一步
            </Button>
          </Space>
        </Form>
      </div>
      {draft && (
        <div role="group" aria-label="再次确认">
          <Alert
            type={draft.direction === 2 ? 'warning' : 'info'}
            showIcon
            title={`请再次核对，确认后立即生效并记入${props.recordedIn}`}
            style={{ marginBottom: 12 }}
          />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={props.subject.label}>{props.subject.name}</Descriptions.Item>
            <Descriptions.Item label="调整">
              {draft.direction === 1 ? '充值' : '扣款'} ¥{formatFen(fen)}（{kinds.labels[draft.kind]}）
            </Descriptions.Item>
            <Descriptions.Item label="余额变化">
              ¥{formatFen(before)} → <b data-testid="balance-after">¥{formatFen(after)}</b>
            </Descriptions.Item>
            <Descriptions.Item label="原因">{draft.remark}</Descriptions.Item>
          </Descriptions>
          {after < 0 && <Alert type="error" showIcon title="余额不足，不能扣款" style={{ marginTop: 12 }} />}
          <Space style={{ width: '100%', justifyContent: 'flex-end', marginTop: 16 }}>
            <Button disabled={saving} onClick={() => setDraft(null)}>
              返回修改
            </Button>
            <LockableButton
              locked={locked}
              type="primary"
              danger={draft.direction === 2}
              loading={saving}
              disabled={after < 0}
              onClick={() => void send()}
            >
              确认调整
            </LockableButton>
          </Space>
        </div>
      )}
    </Modal>
  );
}
