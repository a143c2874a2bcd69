/** An SMS gateway (阿里云, 腾讯云, 华为云 behind one interface); the simulator is the default. */
export interface SmsMessage {
  vendor: number;
  accessKeyId: string;
  /** The key's secret; a gateway refuses a request signed without it. */
  accessKeySecret: string;
  signName: string;
  phone: string;
  content: string;
}

export interface SmsResult {
  ok: boolean;
  /** The gateway's message id ('' when refused). */
  messageId: string;
  /** The gateway's answer in Chinese, shown to the operator. */
  message: string;
  elapsedMs: number;
}

export interface SmsAdapter {
  send(message: SmsMessage): Promise<SmsResult>;
}
