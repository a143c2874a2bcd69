/**
 * Every error code the API answers, with its HTTP status class and Chinese message.
 * The console's request client and the server both read this one table.
 */
export const errors = {
  ok: { code: 0, status: 200, message: '成功' },
  notSignedIn: { code: 5000, status: 401, message: '登录已过期，请重新登录' },
  /** The HTTP request itself could not be read (Node's parser or the router refused it). */
  badRequest: { code: 400001, status: 400, message: '请求无法识别：网址中的中文、空格等字符需先编码' },
  validation: { code: 400100, status: 400, message: '提交的数据有误，请检查后重试' },
  badCredentials: { code: 400201, status: 401, message: '账号或密码错误' },
  captchaRequired: { code: 400217, status: 400, message: '请输入图形验证码' },
  accountLocked: { code: 400218, status: 403, message: '密码错误次数过多，账号已临时锁定，请稍后再试' },
  accountDisabled: { code: 400219, status: 403, message: '账号已停用，请联系管理员' },
  noPermissionAccount: { code: 400220, status: 403, message: '该账号没有权限' },
  ipDenied: { code: 400221, status: 403, message: '当前网络地址不允许登录' },
  wrongPassword: { code: 400222, status: 400, message: '原密码错误' },
  rememberExpired: { code: 400223, status: 401, message: '记住的登录已失效，请输入密码' },
  /** The password was right; the account's second factor is next (`data.challenge`). Handled silently. */
  secondFactorRequired: { code: 400225, status: 400, message: '请输入两步验证码' },
  /** The password was right; a role requires a second factor the account has not enrolled (`data.challenge`). */
  secondFactorEnrolRequired: { code: 400226, status: 400, message: '所属角色要求两步验证，请先完成绑定' },
  secondFactorWrong: { code: 400227, status: 400, message: '两步验证码错误' },
  secondFactorExpired: { code: 400228, status: 401, message: '验证已过期，请重新输入密码登录' },
  /** GET /api/metrics without its bearer secret (METRICS_TOKEN), or with another. */
  metricsTokenInvalid: { code: 401001, status: 401, message: '监控指标令牌无效' },
  passwordChangeRequired: { code: 400224, status: 403, message: '请先修改初始密码' },
  forbidden: { code: 403001, status: 403, message: '没有权限执行此操作' },
  /** A write (or an account action) in a read-only 以服务商身份查看 session. */
  viewAsReadOnly: { code: 403110, status: 403, message: '只读查看中，不能修改数据' },
  /** The view-as token is past its 30 minutes, was ended, or its admin signed out. */
  viewAsExpired: { code: 401110, status: 401, message: '以服务商身份查看已结束' },
  endpointNotFound: { code: 404, status: 404, message: '接口不存在' },
  recordNotFound: { code: 404001, status: 404, message: '记录不存在或已被删除' },
  versionConflict: { code: 409001, status: 409, message: '数据已被他人修改，请刷新后重试' },
  duplicate: { code: 409002, status: 409, message: '已存在相同的记录' },
  stateConflict: { code: 409003, status: 409, message: '当前状态不允许此操作' },
  /** 导出中心: a download of a task that is still queued or running, failed, or expired. */
  exportNotReady: { code: 409004, status: 409, message: '导出文件尚未生成或已过期' },
  rateLimited: { code: 429001, status: 429, message: '操作过于频繁，请稍后再试' },
  payloadTooLarge: { code: 413001, status: 400, message: '提交的数据过大' },
  unsupportedMediaType: { code: 415001, status: 415, message: '不支持此提交格式（内容类型）' },
  headersTooLarge: { code: 431001, status: 431, message: '请求头过大' },
  requestTimeout: { code: 408001, status: 408, message: '请求超时，请重试' },
  internal: { code: 500000, status: 500, message: '服务器开小差了，请稍后再试' },
  unavailable: { code: 503000, status: 503, message: '服务暂时不可用，请稍后再试' },
  /** Readiness: a dependency did not answer (the failing checks are named in the message and data). */
  notReady: { code: 503001, status: 503, message: '服务未就绪，请稍后再试' },
  /** Readiness while the process drains before it exits: the load balancer sends requests elsewhere. */
  draining: { code: 503002, status: 503, message: '服务正在停止，请求将由其他实例处理' },
  /** A device or outside system (payments, SMS, WeChat) did not answer in time; the operator may retry. */
  upstreamTimeout: { code: 504001, status: 504, message: '设备或外部系统响应超时，请稍后重试' },
} as const satisfies Record<string, { code: number; status: number; message: string }>;

export type ErrorName = keyof typeof errors;
export type ErrorCodeNumber = (typeof errors)[ErrorName]['code'];

const byCode = new Map<number, (typeof errors)[ErrorName]>(Object.values(errors).map((e) => [e.code, e]));

/** The declared entry for a code, if the code is ours. */
export function errorByCode(code: number) {
  return byCode.get(code);
}

/**
 * Codes the console passes to the caller silently (spec section 8): the caller handles them.
 * Any other non-zero code is shown as a 3 s error toast by the request client.
 */
export const silentErrorCodes: readonly number[] = [
  0, 3, 200130, -1, 89247, 89250, 89251, 89252, 89253, 200417, 200416,
];

/** Codes of the legacy `code` field that ask the operator to sign in again (spec section 8). */
export const reloginCodes: readonly number[] = [50008, 50012, 50014];
