import { useReturnFocus } from '../use-return-focus';
import { Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { applyFieldErrors } from '../../lib/api/request';
import { lockedModalFooter, useWriteLocked } from './write-lock';

interface Props {
  title: string;
  /** What happens, said before the operator writes (who is told, what can be undone). */
  description?: ReactNode;
  label?: string;
  placeholder?: string;
  okText?: string;
  maxLength?: number;
  /** Sends the decision; a refusal keeps the dialog open with the server's message on the field. */
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

const MIN_LENGTH = 2;

/**
 * A decision that needs a written reason (驳回 an application, …): the reason is required, sent
 * trimmed, and the dialog closes only once the server accepted it.
 */
export function ReasonDialog({
  title,
  description,
  label = '驳回原因',
  placeholder = '请填写原因，对方会看到这段文字',
  okText = '确定驳回',
  maxLength = 200,
  onSubmit,
  onClose,
}: Props) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  // A decision is a change: in a read-only 以服务商身份查看 tab its 确定 is locked.
  const locked = useWriteLocked();

  const submit = async ({ reason }: { reason: string }) => {
    if (locked) return;
    setSaving(true);
    try {
      await onSubmit(reason.trim());
      onClose();
    } catch (error) {
      // The request client already toasted; a field message also lands on the reason.
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  useReturnFocus(true);
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger: true, loading: saving }}
      footer={lockedModalFooter(locked, okText, true)}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请填写${label}` },
            { min: MIN_LENGTH, message: `${label}至少 ${MIN_LENGTH} 个字` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={maxLength} showCount placeholder={placeholder} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
