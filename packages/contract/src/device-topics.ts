import { z } from 'zod';

/**
 * The MQTT conversation between the cloud and the stores' devices (ZKB gateways and android room
 * terminals), declared once for the server's adapter and the device simulator program.
 *
 * Every topic is `console/v1/{kind}/{serial}/{channel}`:
 * - device → cloud: `status` (retained; the connection's last will publishes offline), `heartbeat`,
 *   `reply` (answers to commands, several per command while an install progresses);
 * - cloud → device: `cmd` (a command with a correlation id), `notice` (retained; e.g. banned).
 */
export const DEVICE_TOPIC_ROOT = 'console/v1';
export const deviceKinds = ['gateway', 'android'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

export type DeviceChannel = 'status' | 'heartbeat' | 'reply' | 'cmd' | 'notice';

export function deviceTopic(kind: DeviceKind, serial: string, channel: DeviceChannel): string {
  return `${DEVICE_TOPIC_ROOT}/${kind}/${serial}/${channel}`;
}

/** The cloud's processes share one MQTT 5 shared-subscription group for the devices' uplinks. */
export const CLOUD_SHARE_GROUP = 'console';

/**
 * What the cloud subscribes to. Statuses and heartbeats through the shared group: the broker hands
 * each to one of the cloud's processes, so with several processes each is handled (and written)
 * once. Replies plainly: every process receives them and only the one awaiting that correlation
 * id acts, so a command's answer reaches the process that sent it (replies are as rare as commands).
 * A shared subscription gets no retained messages: a process starting learns devices' state from
 * the database and their next heartbeats.
 */
export const cloudSubscriptions = [
  ...['status', 'heartbeat'].map((c) => `$share/${CLOUD_SHARE_GROUP}/${DEVICE_TOPIC_ROOT}/+/+/${c}`),
  `${DEVICE_TOPIC_ROOT}/+/+/reply`,
];

/** Splits a topic back into its parts; null for anything not shaped as a device topic. */
export function parseDeviceTopic(topic: string): { kind: DeviceKind; serial: string; channel: DeviceChannel } | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || `${parts[0]}/${parts[1]}` !== DEVICE_TOPIC_ROOT) return null;
  const [, , kind, serial, channel] = parts as [string, string, string, string, string];
  if (!(deviceKinds as readonly string[]).includes(kind) || !serial) return null;
  if (!['status', 'heartbeat', 'reply', 'cmd', 'notice'].includes(channel)) return null;
  return { kind: kind as DeviceKind, serial, channel: channel as DeviceChannel };
}

/** Serials travel in topics, so they may not hold MQTT's separators or wildcards. */
export const deviceSerial = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[^/+#\s]+$/);

export const deviceStatusMessage = z.object({ online: z.boolean(), at: z.string() });
export type DeviceStatusMessage = z.infer<typeof deviceStatusMessage>;

export const deviceHeartbeat = z.object({
  at: z.string(),
  ip: z.string().max(64).optional(),
  firmwareVersion: z.string().max(40).optional(),
  appVersion: z.string().max(40).optional(),
});
export type DeviceHeartbeat = z.infer<typeof deviceHeartbeat>;

/** Cloud → device commands and their arguments. */
export const deviceCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('queryIp') }),
  z.object({ command: z.literal('queryStatus') }),
  z.object({ command: z.literal('getDeviceCode') }),
  z.object({ command: z.literal('reportInfo') }),
  z.object({ command: z.literal('restart') }),
  z.object({ command: z.literal('pushConfig'), config: z.record(z.string(), z.unknown()) }),
  z.object({ command: z.literal('openLocker'), lockerNo: z.number().int().min(1) }),
  z.object({ command: z.literal('clearWristband'), cardNo: z.string().max(40) }),
  z.object({
    command: z.literal('installApp'),
    jobId: z.number().int(),
    versionName: z.string(),
    downloadUrl: z.string(),
    md5: z.string(),
  }),
]);
export type DeviceCommand = z.infer<typeof deviceCommand>;
export type DeviceCommandName = DeviceCommand['command'];

/** A command on the wire: the correlation id the replies carry back. */
export const deviceCommandMessage = z.intersection(z.object({ id: z.string().min(1).max(64) }), deviceCommand);
export type DeviceCommandMessage = z.infer<typeof deviceCommandMessage>;

/**
 * A reply. `stage` says how far the command got: most answer `done` (or `failed`) at once; a
 * restart answers `accepted`, then `done` when back; an install goes `accepted` → `downloading`
 * → `installing` → `done` / `failed`.
 */
export const replyStages = ['accepted', 'downloading', 'installing', 'done', 'failed'] as const;
export type ReplyStage = (typeof replyStages)[number];
export const deviceReply = z.object({
  id: z.string().min(1).max(64),
  stage: z.enum(replyStages),
  message: z.string().max(200).default(''),
  /** What a query answers (ip, deviceCode, status fields, device info). */
  data: z.record(z.string(), z.unknown()).default({}),
  at: z.string(),
});
export type DeviceReply = z.infer<typeof deviceReply>;

export const deviceNotice = z.object({ type: z.literal('banned'), message: z.string() });
export type DeviceNotice = z.infer<typeof deviceNotice>;
export const BANNED_NOTICE = '该设备已被列入黑名单，云端不再接收其消息';

/** How long the cloud waits for a command's first reply, and for a long one's end. */
export const DEVICE_REPLY_TIMEOUT_MS = 5_000;
export const DEVICE_RESTART_TIMEOUT_MS = 90_000;
export const DEVICE_INSTALL_TIMEOUT_MS = 10 * 60_000;
/** Devices heartbeat this often; the simulator program and the scale bench use it. */
export const DEVICE_HEARTBEAT_MS = 30_000;
/**
 * A device unheard for this long is marked offline even without its last will (power cut, network
 * gone): three missed heartbeats, so one lost packet or a slow flush never flaps a row.
 */
export const DEVICE_OFFLINE_AFTER_MS = 3 * DEVICE_HEARTBEAT_MS;
