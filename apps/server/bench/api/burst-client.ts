import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BurstClient {
  /** One burst of `rate` sign-ins a second for `seconds`; resolves with what the server answered. */
  run: (seconds: number, rate: number) => Promise<{ rps: number; statuses: Map<number, number> }>;
  stop: () => Promise<void>;
}

type Reply = { ready?: true; rps?: number; statuses?: Array<[number, number]>; serial?: number; error?: string };

/** Starts burst-entry.ts in a process of its own (through tsx: it is a client, not the product). */
export function startBurstClient(serverUrl: string): BurstClient {
  const entry = fileURLToPath(new URL('burst-entry.ts', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`登录潮客户端退出，退出码 ${code}`)));
  });
  let serial = 0;
  return {
    async run(seconds, rate) {
      await ready;
      const reply = await new Promise<Reply>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`登录潮客户端退出，退出码 ${code}`));
        child.once('exit', onExit);
        child.once('message', (m: Reply) => {
          child.off('exit', onExit);
          resolve(m);
        });
        child.send({ url: serverUrl, seconds, rate, serial });
      });
      if (reply.error !== undefined || reply.rps === undefined) throw new Error(`登录潮客户端出错：${reply.error}`);
      serial = reply.serial ?? serial;
      return { rps: reply.rps, statuses: new Map(reply.statuses) };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
