import { errors } from '@console/contract';
import { Alert, App, Button, type FormInstance, Space } from 'antd';
import { useCallback, useState } from 'react';
import { ApiError, applyFieldErrors } from '../../lib/api/request';
import { LockableButton, useWriteLocked } from './write-lock';

/** Refusals a form drawer answers itself: the stale-version alert and messages on the fields. */
export const handledByForm = [errors.versionConflict.code, errors.validation.code];

/**
 * Saving a create/edit drawer: success toasted, server field errors put on their fields, a stale
 * version kept as a conflict (the typed input stays), any other refusal shown once. Every form
 * drawer saves through this, so the rules of ARCHITECTURE.md "Data safety" live in one place.
 */
export function useVersionedSave(form: FormInstance) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  // Enter in a field submits the form even while 保存 is locked; the write is not sent then either.
  const locked = useWriteLocked();

  /** `write` sends the request with `quietCodes: handledByForm`; `created` picks the message unless `said` names it. */
  const save = async (write: () => Promise<unknown>, created: boolean, onSaved: () => void, said?: string) => {
    if (locked) return;
    setSaving(true);
    try {
      await write();
      void message.success(said ?? (created ? '新增成功' : '修改成功'));
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.errCode === errors.versionConflict.code) setConflict(true);
      else if (!applyFieldErrors(form, error) && error instanceof ApiError && !error.notified)
        void message.error(error.errMsg);
    } finally {
      setSaving(false);
    }
  };

  /** Takes the newest version (the operator chose to drop what they typed); `read` fills the form. */
  const takeLatest = async (read: () => Promise<void>) => {
    await read();
    setConflict(false);
  };

  return { saving, conflict, locked, save, takeLatest };
}

/**
 * Closing a form drawer (取消, the close button, Esc, the mask) with typed changes asks 放弃修改？
 * first; an untouched form closes at once. Saving closes through onSaved, without asking.
 */
export function useConfirmDiscard(form: FormInstance, onClose: () => void): () => void {
  const { modal } = App.useApp();
  return useCallback(() => {
    if (!form.isFieldsTouched()) {
      onClose();
      return;
    }
    modal.confirm({
      title: '放弃修改？',
      content: '填写的内容尚未保存，关闭后将丢失。',
      okText: '放弃修改',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: onClose,
    });
  }, [form, modal, onClose]);
}

/** 取消 / 保存 at the foot of a form drawer; 保存 is locked in a read-only 以服务商身份查看 tab. */
export function FormDrawerFooter(props: {
  saving: boolean;
  disabled?: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  const locked = useWriteLocked();
  return (
    <Space style={{ float: 'right' }}>
      <Button onClick={props.onCancel}>取消</Button>
      <LockableButton
        locked={locked}
        type="primary"
        loading={props.saving}
        disabled={props.disabled}
        onClick={props.onSave}
      >
        保存
      </LockableButton>
    </Space>
  );
}

/** The stale-version message above a form; `onReload` is offered when the newest copy can be read. */
export function VersionConflictAlert(props: { thing?: string; onReload?: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title="数据已被他人修改"
      description={`保存未成功：这条${props.thing ?? '记录'}在您编辑期间已被他人修改。您填写的内容仍保留在表单中；可以载入最新数据后重新修改，或关闭后刷新列表。`}
      action={
        props.onReload ? (
          <Button size="small" onClick={props.onReload}>
            载入最新数据
          </Button>
        ) : undefined
      }
    />
  );
}
