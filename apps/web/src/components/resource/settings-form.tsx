import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, type FormInstance, Skeleton, Space } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { ErrorResult } from '../error-result';
import { VersionConflictAlert, useVersionedSave } from './versioned-save';
import { LockableButton } from './write-lock';

/**
 * One settings record edited in place on its page (客服信息, 直营配置, 语音码设置): not a row of a
 * list, so not a drawer, but saved by the same rules as every record form.
 */
export interface SettingsFormSpec<Data, Values> {
  /** What is being set, in the operator's words: 「语音码设置」加载失败, 这条设置已被他人修改. */
  title: string;
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<Data>;
  /** The form's values from what was read; null while the answer lacks what the form needs. */
  toValues: (data: Data) => Values | null;
  /** Sends the change at the versions read, with `quietCodes: handledByForm`. */
  save: (values: Values, data: Data) => Promise<unknown>;
  /** Said once the change is saved. */
  savedMessage: string;
  canEdit: boolean;
  /** Other queries that show these settings (the header's 联系客服), refreshed after a save. */
  alsoRefresh?: QueryKey[];
}

export interface SettingsFormProps<Data, Values> {
  spec: SettingsFormSpec<Data, Values>;
  /** The form items, given what was read (a row's own label, a figure to show beside). */
  children: (data: Data, form: FormInstance<Values>) => ReactNode;
  /** Where the form sits on the page (figures above it, a card around it). */
  frame?: (data: Data, form: ReactNode) => ReactNode;
  /** Beside 保存: when it was last changed. */
  footnote?: (data: Data) => ReactNode;
  layout?: 'vertical' | 'inline';
  className?: string;
  style?: CSSProperties;
}

/**
 * Loads the settings (skeleton, then a failure with 重试), fills the form, and saves through
 * `useVersionedSave`: the success said, server field messages on their fields, a change made
 * meanwhile by another operator refused with the typed input kept and 载入最新数据 offered.
 * Without the edit permission the form is shown read-only, without 保存; in a read-only
 * 以服务商身份查看 tab 保存 is shown locked (只读查看中) and Enter sends nothing.
 */
export function SettingsForm<Data, Values extends object>({
  spec,
  children,
  frame = (_data, form) => form,
  footnote,
  layout = 'vertical',
  className,
  style,
}: SettingsFormProps<Data, Values>) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const { saving, conflict, locked, save, takeLatest } = useVersionedSave(form);
  const query = useQuery({ queryKey: spec.queryKey, queryFn: ({ signal }) => spec.load(signal) });

  if (query.isError && !query.data) {
    return (
      <ErrorResult
        title={`${spec.title}加载失败`}
        subTitle={query.error instanceof Error ? query.error.message : undefined}
        extra={<Button onClick={() => void query.refetch()}>重试</Button>}
      />
    );
  }
  const data = query.data;
  const initial = data === undefined ? null : spec.toValues(data);
  if (data === undefined || initial === null) return <Skeleton active paragraph={{ rows: 4 }} />;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: spec.queryKey });
    for (const key of spec.alsoRefresh ?? []) await queryClient.invalidateQueries({ queryKey: key });
  };
  const onFinish = (values: Values) =>
    void save(
      () => spec.save(values, data),
      false,
      () => void refresh(),
      spec.savedMessage,
    );
  // The operator chose to drop what they typed for the newest copy.
  const reloadLatest = () =>
    void takeLatest(async () => {
      const fresh = await queryClient.fetchQuery({
        queryKey: spec.queryKey,
        queryFn: ({ signal }) => spec.load(signal),
      });
      const values = spec.toValues(fresh);
      if (values) form.setFieldsValue(values);
    });

  const note = footnote?.(data);
  const body = (
    <>
      {conflict && <VersionConflictAlert thing="设置" onReload={reloadLatest} />}
      <Form<Values>
        form={form}
        layout={layout}
        initialValues={initial}
        disabled={!spec.canEdit}
        onFinish={onFinish}
        className={className}
        style={style}
      >
        {children(data, form)}
        {(spec.canEdit || note) && (
          <Space wrap>
            {spec.canEdit && (
              <LockableButton locked={locked} type="primary" htmlType="submit" loading={saving}>
                保存
              </LockableButton>
            )}
            {note}
          </Space>
        )}
      </Form>
    </>
  );
  return frame(data, body);
}
