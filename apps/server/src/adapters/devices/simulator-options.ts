// The simulator's knobs and the failures it reports, apart so the simulator stays one concern.

export interface SimulatorOptions {
  /** Seed of the randomness (delays, timeouts, drift, push failures). */
  seed?: number;
  /** Waits `ms`; tests pass one that resolves at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Answer delay range of a query, in ms. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Chance that a query gets no answer in time. */
  timeoutRate?: number;
  /** How long a caller waits before giving up on a device. */
  timeoutMs?: number;
  /** Chance per query that an online device drops off, or an offline one comes back. */
  driftRate?: number;
  /** Chance that an app push fails on an online device (download or checksum failure). */
  pushFailRate?: number;
  /** How long a restart takes, in ms. */
  restartMs?: number;
  /** Clock, so tests can pin times. */
  now?: () => Date;
}

export const pushFailures = ['安装包下载失败', '安装包校验失败（MD5 不一致）', '存储空间不足'];
// How real lock controllers refuse: a jammed door, a card off the reader, a wrong key.
export const lockFailures = {
  push: ['锁控板无应答（RS485 通讯失败）', '锁控板固件不支持该协议'],
  open: ['柜门电磁锁无反馈', '该柜门已被占用且未结账'],
  clear: ['读卡器未检测到手环', '扇区密钥校验失败'],
};
