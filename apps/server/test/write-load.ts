/** Titles of the messages the write load creates, for finding them in the database afterwards. */
export const WRITE_LOAD_TITLE = '写入压测-';

export interface WriteLoadResult {
  /** Titles of the writes the server acknowledged (errCode 0). */
  acknowledged: string[];
  /** Writes refused or cut off (a 502 from the load balancer, a reset connection). */
  failed: number;
  /** How many were acknowledged after `at` (ms since epoch). */
  ackedAfter(at: number): number;
}

/**
 * `writers` clients creating system messages to one provider through `base` back to back, each
 * waiting for its answer, until `stop`: a write load whose every acknowledged row can be looked for.
 */
export function writeLoad(base: string, token: string, agentId: string, writers: number) {
  let running = true;
  let n = 0;
  let failed = 0;
  const acked: { title: string; at: number }[] = [];
  const writeOne = async () => {
    const title = `${WRITE_LOAD_TITLE}${(n += 1)}`;
    try {
      const res = await fetch(`${base}/api/saasMessage/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({ messageTitle: title, content: '<p>压测</p>', agentIds: [agentId] }),
      });
      const body = (await res.json().catch(() => null)) as { errCode?: number } | null;
      if (body?.errCode === 0) acked.push({ title, at: Date.now() });
      else failed += 1;
    } catch {
      failed += 1;
    }
  };
  const loops = Array.from({ length: writers }, async () => {
    while (running) await writeOne();
  });
  return {
    stop: async (): Promise<WriteLoadResult> => {
      running = false;
      await Promise.all(loops);
      return {
        acknowledged: acked.map((a) => a.title),
        failed,
        ackedAfter: (at) => acked.filter((a) => a.at > at).length,
      };
    },
  };
}
