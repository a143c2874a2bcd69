/** Small files each sniffer rule recognises, for tests of the storage and of forms that use it. */
export const tinyPng = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

/** A ZIP whose entry is AndroidManifest.xml: what the sniffer takes for a package. */
export const tinyApk = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26, 0),
  Buffer.from('AndroidManifest.xml'),
  Buffer.alloc(300, 1),
]);

/** Uploads bytes as `op` for a purpose through the real endpoint; answers the stored file. */
export async function uploadForTest(
  app: { inject: (opts: object) => Promise<{ json: <T>() => T }> },
  headers: Record<string, string>,
  purpose: string,
  bytes: Buffer,
): Promise<{ key: string; md5: string; url: string }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/file/upload?purpose=${purpose}&name=test.bin`,
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  const body = res.json<{ errCode: number; errMsg: string; data: { key: string; md5: string; url: string } }>();
  if (body.errCode !== 0) throw new Error(`upload failed: ${body.errMsg}`);
  return body.data;
}
