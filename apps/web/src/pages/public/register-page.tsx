import { Button, Result } from 'antd';
import { useState } from 'react';
import { PublicShell } from './public-shell';
import styles from './public.module.css';
import { type RegistrationReceipt, RegisterForm } from './register-form';
import register from './register-page.module.css';

const benefits = [
  '独立的服务商后台，名下企业、门店与设备数据只属于您',
  '平台统一的软件、硬件与价格体系，开店流程线上完成',
  '门店交易、续费与账户流水随时可查',
];

/** /register: a provider applies to join; the application waits for review in 服务商审核. */
export default function RegisterPage() {
  const [receipt, setReceipt] = useState<RegistrationReceipt | null>(null);
  return (
    <PublicShell active="/register">
      <div className={register.layout}>
        <aside className={register.intro}>
          <h1 className={register.title}>服务商入驻申请</h1>
          <p className={register.lead}>提交资料后，平台将在服务商审核中核实您的信息，审核通过后为您开通服务商账号。</p>
          <ul className={register.benefits}>
            {benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </aside>
        <section className={`${styles.paper} ${register.formCard}`} aria-label="入驻申请表">
          {receipt ? (
            <Result
              status="success"
              title="申请已提交，等待平台审核"
              subTitle={
                <>
                  申请编号 <strong>{receipt.agentNo}</strong>。平台审核通过后会通过联系电话 {receipt.contactPhone}
                  与您联系并开通账号，审核期间请勿重复提交。
                </>
              }
              extra={[
                <Button key="website" href="/website">
                  了解平台
                </Button>,
                <Button key="login" type="primary" href="/login">
                  返回登录
                </Button>,
              ]}
            />
          ) : (
            <RegisterForm onSubmitted={setReceipt} />
          )}
        </section>
      </div>
    </PublicShell>
  );
}
