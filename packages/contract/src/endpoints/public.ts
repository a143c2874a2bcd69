import { z } from 'zod';
import { isoTime, labelledEnum, phone } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/** Who applies to become a provider: a company or a natural person. */
export const registrationKind = labelledEnum({ 1: '企业', 2: '个人' });

/** The public /register form: a provider application, created pending review (agentExamine). */
export const registrationBody = z.object({
  kind: registrationKind,
  name: z.string({ error: '请填写名称' }).trim().min(2, '名称至少 2 个字').max(60, '名称最多 60 个字'),
  contactName: z.string({ error: '请填写联系人' }).trim().min(2, '联系人至少 2 个字').max(30, '联系人最多 30 个字'),
  contactPhone: phone,
  region: z.string({ error: '请填写所在地区' }).trim().min(2, '请填写所在地区').max(60, '所在地区最多 60 个字'),
  address: z.string().trim().max(120, '详细地址最多 120 个字').default(''),
  remark: z.string().trim().max(300, '备注最多 300 个字').default(''),
});
/** What the form sends (address and remark may be left out). */
export type RegistrationForm = z.input<typeof registrationBody>;
/** What the server works with after validation. */
export type Registration = z.infer<typeof registrationBody>;

export const registrationResult = z.object({
  /** The application's number, to quote when asking about its review. */
  agentNo: z.string(),
  submittedAt: isoTime,
});

/** Applications one address may submit per hour before the limiter answers 429. */
export const REGISTRATIONS_PER_HOUR = 5;

export const publicEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/public/register',
    access: 'public',
    audience: 'any',
    summary: '服务商入驻申请',
    module: '公开',
    write: true,
    body: registrationBody,
    response: registrationResult,
  }),
};
