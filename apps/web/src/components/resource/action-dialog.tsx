import { Alert, Form, Modal } from 'antd';
import { useReturnFocus } from '../use-return-focus';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { applyFieldErrors } from '../../lib/api/request';
import { lockedModalFooter, useWriteLocked } from './write-lock';

/** A row or batch action that asks for input first (a new date and a reason). */
export interface ActionDialogSpec<Row, V> {
  title: (rows: Row[]) => string;
  /** Said above the form: which records the action changes, and how many. */
  summary: (rows: Row[]) => ReactNode;
  /** The form's items (antd `Form.Item`s with names and rules). */
  form: ReactNode;
  initialValues?: (rows: Row[]) => Partial<V>;
  okText?: string;
  /** Sends the change. A refusal keeps the dialog open with the server's field messages. */
  submit: (rows: Row[], values: V) => Promise<unknown>;
}

/** Why an action's promise was rejected when the operator closed its dialog. */
export class DialogCancelled extends Error {
  constructor() {
    super('已取消');
  }
}

/**
 * What a row action's dialog is open for, and the promise the action returns: `open(target)`
 * shows the dialog and settles once it is done: `done()` resolves (the list then reloads),
 * `cancel()` rejects with DialogCancelled (the list and its ticked rows stay as they were); both
 * close it. For a dialog of its own (`{target && <MyDialog onDone={done} onCancel={cancel} />}`);
 * a dialog that is just a form is `useActionDialog`.
 */
export function useDialogTarget<T>(): {
  target: T | null;
  open: (target: T) => Promise<void>;
  done: () => void;
  cancel: () => void;
} {
  const [target, setTarget] = useState<T | null>(null);
  const settle = useRef<{ resolve: () => void; reject: (reason: unknown) => void } | null>(null);
  const open = useCallback(
    (next: T) =>
      new Promise<void>((resolve, reject) => {
        settle.current = { resolve, reject };
        setTarget(next);
      }),
    [],
  );
  const close = useCallback((how: (s: { resolve: () => void; reject: (reason: unknown) => void }) => void) => {
    const pending = settle.current;
    settle.current = null;
    setTarget(null);
    if (pending) how(pending);
  }, []);
  const done = useCallback(() => close((s) => s.resolve()), [close]);
  const cancel = useCallback(() => close((s) => s.reject(new DialogCancelled())), [close]);
  return { target, open, done, cancel };
}

interface Pending<Row> {
  rows: Row[];
  /** Each opening mounts a fresh form. */
  serial: number;
}

/**
 * A dialog for row and batch actions: `open(rows)` shows it and settles once it is done: resolved
 * after a successful submit (the list then reloads), rejected with DialogCancelled when the
 * operator closes it (the list and its ticked rows stay as they were). Use as the action's `run`:
 * `{ run: (rows) => dialog.open(rows) }`, and render `dialog.element` once on the screen.
 */
export function useActionDialog<Row, V>(
  spec: ActionDialogSpec<Row, V>,
): {
  open: (rows: Row[]) => Promise<void>;
  element: ReactNode;
} {
  const dialog = useDialogTarget<Pending<Row>>();
  const pending = dialog.target;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<V>();
  const serial = useRef(0);
  // Every such dialog sends a change: in a read-only 以服务商身份查看 tab its 确定 is locked.
  const locked = useWriteLocked();

  const openTarget = dialog.open;
  const open = useCallback(
    (rows: Row[]) => {
      serial.current += 1;
      setFailure(null);
      return openTarget({ rows, serial: serial.current });
    },
    [openTarget],
  );

  const cancel = () => {
    if (saving || !pending) return;
    form.resetFields();
    dialog.cancel();
  };
  const confirm = async () => {
    if (!pending || locked) return;
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    setSaving(true);
    setFailure(null);
    try {
      await spec.submit(pending.rows, values);
      form.resetFields();
      dialog.done();
    } catch (error) {
      // Field messages land on their inputs; anything else is said in the dialog (the client also toasts it).
      if (!applyFieldErrors(form, error)) setFailure(error instanceof Error ? error.message : '操作失败，请重试');
    } finally {
      setSaving(false);
    }
  };

  useReturnFocus(!!pending);
  const okText = spec.okText ?? '确定';
  const element = pending ? (
    <Modal
      open
      title={spec.title(pending.rows)}
      okText={okText}
      footer={lockedModalFooter(locked, okText)}
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void confirm()}
      onCancel={cancel}
      maskClosable={false}
      destroyOnHidden
    >
      <div className="resource-dialog-summary">{spec.summary(pending.rows)}</div>
      {failure && <Alert type="error" showIcon title={failure} className="resource-dialog-failure" />}
      <Form<V>
        key={pending.serial}
        form={form}
        layout="vertical"
        initialValues={spec.initialValues?.(pending.rows)}
        onFinish={() => void confirm()}
      >
        {spec.form}
      </Form>
    </Modal>
  ) : null;

  return { open, element };
}
