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
