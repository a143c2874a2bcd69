import { type LoginResult, type SecondFactorSetup, errors, secondFactorEndpoints } from '@console/contract';
import { Button, Form, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CodeField, EnrolSetup } from '../../components/second-factor/enrol-setup';
import { RecoveryCodes } from '../../components/second-factor/recovery-codes';
import { ApiError, applyFieldErrors, callEndpoint } from '../../lib/api/request';
import styles from './login-page.module.css';

export interface SecondFactorChallenge {
  /** 400225: a code is owed; 400226: a role requires enrolling first. */
  kind: 'verify' | 'enrol';
  challenge: string;
}

interface Props extends SecondFactorChallenge {
  onSignedIn: (result: LoginResult) => void;
  /** The challenge is spent or expired (or the operator gives up): back to the password. */
  onBack: () => void;
}

/**
 * The sign-in's step after a correct password: the authenticator's code, or enrolment first.
 * Its own form, like the sign-in form it continues: there is no session yet.
 */
export function SecondFactorStep({ kind, challenge, onSignedIn, onBack }: Props) {
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [done, setDone] = useState<{ result: LoginResult; codes: string[] } | null>(null);

  useEffect(() => {
    if (kind !== 'enrol') return;
    let live = true;
    void callEndpoint(secondFactorEndpoints.enrolStart, { body: { challenge } }).then((envelope) => {
      if (!live) return;
      if (envelope.errCode === 0) setSetup(envelope.data);
      else onBack();
    });
    return () => {
      live = false;
    };
  }, [kind, challenge, onBack]);

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      const body = { challenge, code: code.trim() };
      const quietCodes = [errors.secondFactorWrong.code];
      if (kind === 'verify') {
        const envelope = await callEndpoint(secondFactorEndpoints.verify, { body, quietCodes });
        if (envelope.errCode === 0) return onSignedIn(envelope.data);
        if (envelope.errCode === errors.secondFactorWrong.code) applyFieldErrors(form, new ApiError(envelope, true));
        else onBack();
      } else {
        const envelope = await callEndpoint(secondFactorEndpoints.enrolConfirm, { body, quietCodes });
        if (envelope.errCode === 0) {
          const { recoveryCodes, ...result } = envelope.data;
          setDone({ result, codes: recoveryCodes });
        } else if (envelope.errCode === errors.secondFactorWrong.code) {
          applyFieldErrors(form, new ApiError(envelope, true));
        } else onBack();
      }
    } catch {
      // The request client has said what went wrong (network); the operator may try again.
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div aria-label="保存恢复码">
        <RecoveryCodes codes={done.codes} />
        <Button type="primary" block size="large" className={styles.submit} onClick={() => onSignedIn(done.result)}>
          我已保存恢复码，进入系统
        </Button>
      </div>
    );
  }
  if (kind === 'enrol' && !setup) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} aria-label="两步验证">
      <Typography.Title level={5}>{kind === 'verify' ? '两步验证' : '绑定两步验证'}</Typography.Title>
      {kind === 'verify' ? (
        <>
          <Typography.Paragraph type="secondary">
            请输入验证器应用中显示的 6 位动态码，手机不在身边时可输入一个恢复码。
          </Typography.Paragraph>
          <CodeField recovery />
        </>
      ) : setup ? (
        <>
          <Typography.Paragraph type="secondary">所属角色要求两步验证，请先绑定验证器。</Typography.Paragraph>
          <EnrolSetup setup={setup} />
        </>
      ) : null}
      <Button type="primary" htmlType="submit" block size="large" loading={busy} className={styles.submit}>
        {kind === 'verify' ? '验证并登录' : '绑定并登录'}
      </Button>
      <Button type="link" block onClick={onBack}>
        返回密码登录
      </Button>
    </Form>
  );
}
