import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { type LoginResult, authEndpoints, errors, secondFactorStepData } from '@console/contract';
import { App, Button, Checkbox, Form, Input, Spin, Typography } from 'antd';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, NetworkError, api, applyFieldErrors, callEndpoint } from '../../lib/api/request';
import { warmConsole } from '../../lib/console-warmup';
import { redirectTarget } from '../../lib/redirect';
import { readLocal, writeLocal } from '../../lib/storage';
import { useSession } from '../../stores/session';
import type { CaptchaImage } from './captcha-field';
import styles from './login-page.module.css';
import { keepAccount, keepRememberPassword, readRemembered } from './remember';
import type { SecondFactorChallenge } from './second-factor-step';

// Only after 400217 (or a visit that still owes a code): the row and its icon stay out of the
// entry, which every console page loads.
const CaptchaField = lazy(() => import('./captcha-field').then((module) => ({ default: module.CaptchaField })));
// Only after a correct password on an account with a second factor: the step, enrolment (antd's
// QRCode) and the recovery codes (Modal) stay out of the entry too.
const SecondFactorStep = lazy(() =>
  import('./second-factor-step').then((module) => ({ default: module.SecondFactorStep })),
);

const fetchCaptcha = (): Promise<CaptchaImage> => api(authEndpoints.captcha);

interface LoginValues {
  loginName: string;
  password?: string;
  code?: string;
  rememberAccount: boolean;
  rememberPassword: boolean;
}

/** The sign-in form. Its own form: it runs before any session or screen machinery exists. */
export function LoginForm() {
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const signIn = useSession((state) => state.login);
  const [remembered] = useState(readRemembered);
  const [loading, setLoading] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  // Once asked for, the code stays on screen for this visit; the stored flag follows the spec.
  const [showCaptcha, setShowCaptcha] = useState(() => readLocal('needImgCode') === '1');
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  // After a correct password, when the account owes a second factor (400225) or an enrolment (400226).
  const [step, setStep] = useState<(SecondFactorChallenge & { values: LoginValues }) | null>(null);
  const leaveStep = useCallback(() => setStep(null), []);
  // The account this browser's device cookie may sign in to without the password (the server
  // knows; no script here can read the cookie). Asked only where 记住密码 was ticked.
  const [rememberedName, setRememberedName] = useState<string | null>(null);
  const loginName = Form.useWatch('loginName', form);
  const passwordTyped = Form.useWatch('password', form);
  // 记住密码 signs in with the device credential while the name matches and the password box is empty.
  const useRemembered = rememberedName !== null && loginName?.trim() === rememberedName && !passwordTyped;

  useEffect(() => {
    if (!remembered.rememberPassword) return;
    let live = true;
    api(authEndpoints.remembered).then(
      ({ loginName: name }) => {
        if (!live) return;
        setRememberedName(name);
        if (name) form.setFieldsValue({ loginName: name, rememberPassword: true });
        else {
          keepRememberPassword(false);
          form.setFieldValue('rememberPassword', false);
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [form, remembered.rememberPassword]);

  /** 记住密码 unticked or 不是你？: the server revokes the credential at once. */
  const forget = useCallback(() => {
    keepRememberPassword(false);
    setRememberedName(null);
    void callEndpoint(authEndpoints.forgetRemembered, { body: {} }).catch(() => undefined);
  }, []);

  const notYou = () => {
    forget();
    keepAccount(null);
    form.setFieldsValue({ loginName: '', password: '', rememberPassword: false, rememberAccount: false });
  };

  const refreshCaptcha = useCallback(() => {
    form.setFieldValue('code', '');
    fetchCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, [form]);

  useEffect(() => {
    if (showCaptcha) refreshCaptcha();
  }, [showCaptcha, refreshCaptcha]);

  const succeed = (result: LoginResult, values: LoginValues) => {
    writeLocal('needImgCode', '0');
    keepAccount(values.rememberAccount ? result.userInfo.loginName : null);
    keepRememberPassword(values.rememberPassword);
    signIn(result);
    void navigate(redirectTarget(location.search), { replace: true });
  };

  const submit = async (values: LoginValues) => {
    const loginName = values.loginName.trim();
    const password = values.password ?? '';
    const byRemember = useRemembered && !password && values.rememberPassword;
    setLoading(true);
    // The shell and the next screen download while the password is checked (~hashing time).
    warmConsole(redirectTarget(location.search));
    try {
      const stepCodes: readonly number[] = [errors.secondFactorRequired.code, errors.secondFactorEnrolRequired.code];
      const envelope = byRemember
        ? await callEndpoint(authEndpoints.loginByRemember, { body: { loginName }, quietCodes: stepCodes })
        : await callEndpoint(authEndpoints.login, {
            body: {
              loginName,
              password,
              ...(showCaptcha && captcha ? { captchaId: captcha.captchaId, code: values.code?.trim() ?? '' } : {}),
              remember: values.rememberPassword,
            },
            quietCodes: [errors.captchaRequired.code, ...stepCodes],
          });
      if (envelope.errCode === 0) {
        succeed(envelope.data, values);
        return;
      }
      const owed = secondFactorStepData.safeParse(envelope.data);
      if (stepCodes.includes(envelope.errCode) && owed.success) {
        writeLocal('needImgCode', '0');
        const kind = envelope.errCode === errors.secondFactorRequired.code ? 'verify' : 'enrol';
        setStep({ kind, challenge: owed.data.challenge, values });
        return;
      }
      if (envelope.errCode === errors.captchaRequired.code) {
        writeLocal('needImgCode', '1');
        if (showCaptcha) refreshCaptcha();
        else setShowCaptcha(true);
        // 400217 itself shows no message (spec); a wrong code is said beside its field.
        applyFieldErrors(form, new ApiError(envelope, true));
        return;
      }
      // Any other refusal: the request client has shown errMsg; the flag goes back to 0.
      writeLocal('needImgCode', '0');
      if (byRemember) {
        keepRememberPassword(false);
        setRememberedName(null);
        form.setFieldValue('rememberPassword', false);
      }
      applyFieldErrors(form, new ApiError(envelope, true));
      form.setFieldValue('password', '');
      if (showCaptcha) refreshCaptcha();
    } catch (error) {
      if (!(error instanceof NetworkError)) void message.error('登录失败，请稍后重试');
    } finally {
      setLoading(false);
    }
  };

  const onPasswordKey = (event: React.KeyboardEvent<HTMLInputElement>) => {
    setCapsLock(event.getModifierState('CapsLock'));
  };

  if (step) {
    return (
      <Suspense fallback={<Spin description="正在载入二次验证…" className={styles.stepLoading} />}>
        <SecondFactorStep
          kind={step.kind}
          challenge={step.challenge}
          onSignedIn={(result) => succeed(result, step.values)}
          onBack={leaveStep}
        />
      </Suspense>
    );
  }

  return (
    <Form<LoginValues>
      form={form}
      size="large"
      layout="vertical"
      requiredMark={false}
      initialValues={{
        loginName: remembered.rememberAccount ? remembered.loginName : '',
        rememberAccount: remembered.rememberAccount,
        rememberPassword: remembered.rememberPassword,
      }}
      onFinish={(values) => void submit(values)}
      aria-label="账号登录"
    >
      <Form.Item name="loginName" rules={[{ required: true, whitespace: true, message: '请输入登录名' }]}>
        <Input
          prefix={<UserOutlined />}
          aria-label="登录名"
          placeholder="登录名"
          autoComplete="username"
          maxLength={64}
          autoFocus
        />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[{ required: !useRemembered, message: '请输入密码' }]}
        extra={
          capsLock ? (
            <Typography.Text type="warning" role="status">
              大写锁定已开启
            </Typography.Text>
          ) : undefined
        }
      >
        <Input.Password
          prefix={<LockOutlined />}
          aria-label="密码"
          placeholder={useRemembered ? '已记住密码，可直接登录' : '密码'}
          autoComplete="current-password"
          maxLength={128}
          onKeyDown={onPasswordKey}
          onKeyUp={onPasswordKey}
          iconRender={(visible) => (
            <span aria-label={visible ? '隐藏密码' : '显示密码'} role="button">
              {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            </span>
          )}
        />
      </Form.Item>
      {showCaptcha ? (
        <Suspense fallback={null}>
          <CaptchaField captcha={captcha} onRefresh={refreshCaptcha} />
        </Suspense>
      ) : null}
      <div className={styles.options}>
        <Form.Item name="rememberAccount" valuePropName="checked" noStyle>
          <Checkbox>记住账号</Checkbox>
        </Form.Item>
        <Form.Item name="rememberPassword" valuePropName="checked" noStyle>
          <Checkbox
            onChange={(event) => {
              if (!event.target.checked) forget();
            }}
          >
            记住密码
          </Checkbox>
        </Form.Item>
      </div>
      {rememberedName !== null ? (
        <Typography.Paragraph type="secondary" className={styles.notYou}>
          已记住 {rememberedName} 的登录。
          <Typography.Link onClick={notYou}>不是你？</Typography.Link>
        </Typography.Paragraph>
      ) : null}
      {/* A new button when `loading` flips: antd keeps its own copy of it, which full e2e runs caught
          still on after a fast failed sign-in (the button then swallows clicks). */}
      <Button
        key={loading ? 'busy' : 'idle'}
        type="primary"
        htmlType="submit"
        block
        loading={loading}
        className={styles.submit}
      >
        {loading ? '登录中…' : '登录'}
      </Button>
    </Form>
  );
}
