import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * The file kinds the platform stores, each recognised by its bytes (the server's sniffer), never by
 * the name a browser sends. SVG and HTML are deliberately absent: both can carry script that runs
 * on our origin when opened.
 */
export const uploadKinds = {
  png: { mediaType: 'image/png', ext: 'png', label: 'PNG', image: true },
  jpeg: { mediaType: 'image/jpeg', ext: 'jpg', label: 'JPEG', image: true },
  webp: { mediaType: 'image/webp', ext: 'webp', label: 'WebP', image: true },
  pdf: { mediaType: 'application/pdf', ext: 'pdf', label: 'PDF', image: false },
  apk: { mediaType: 'application/vnd.android.package-archive', ext: 'apk', label: 'APK', image: false },
} as const;
export type UploadKind = keyof typeof uploadKinds;

const images = ['png', 'jpeg', 'webp'] as const satisfies readonly UploadKind[];
const MB = 1024 * 1024;

/**
 * What each upload field may take, and who may upload for it. `permissions` lists the screens'
 * own permissions (any one suffices): the file belongs to the form it is chosen in, so whoever
 * may save that form may upload for it. `session` means any signed-in operator (their own avatar).
 */
export const uploadPurposes = {
  /** 应用版本: an Android package pushed to room terminals. */
  appPackage: { label: '安卓安装包', kinds: ['apk'], maxBytes: 200 * MB, permissions: ['appVersion.create'] },
  /** 系统配置: the customer-service QR image shown on the site. */
  serviceQr: { label: '客服二维码', kinds: images, maxBytes: 2 * MB, permissions: ['systemConfig.update'] },
  /** 个人中心: an operator's own avatar. */
  avatar: { label: '头像', kinds: images, maxBytes: 2 * MB, permissions: 'session' },
  /** 支付商户: business licence and ID documents of a merchant application. */
  merchantDocument: {
    label: '商户证照',
    kinds: [...images, 'pdf'],
    maxBytes: 5 * MB,
    permissions: ['sweepShop.create', 'sweepShop.update', 'wsShop.create', 'wsShop.update'],
  },
} as const satisfies Record<
  string,
  { label: string; kinds: readonly UploadKind[]; maxBytes: number; permissions: readonly string[] | 'session' }
>;
export type UploadPurpose = keyof typeof uploadPurposes;
export const uploadPurpose = z.enum(Object.keys(uploadPurposes) as [UploadPurpose, ...UploadPurpose[]], {
  error: '上传用途不存在',
});

/** The `accept` hint for a purpose's file picker (the server still decides by content). */
export function acceptOf(purpose: UploadPurpose): string {
  return uploadPurposes[purpose].kinds.map((k) => uploadKinds[k].mediaType).join(',');
}

/** Where stored files are served; names are random, so the path alone grants nothing guessable. */
export const FILES_PATH = '/files';
/** A stored file's name: 32 random hex characters and the extension of its sniffed kind. */
export const storedFileName = /^[0-9a-f]{32}\.(png|jpg|webp|pdf|apk)$/;

export const uploadedFile = z.object({
  /** The stored name (random); forms keep this and the server resolves it. */
  key: z.string().regex(storedFileName),
  /** Where the file is served, absolute (a device downloading a package needs the host). */
  url: z.string(),
  kind: z.enum(Object.keys(uploadKinds) as [UploadKind, ...UploadKind[]]),
  mediaType: z.string(),
  size: z.number().int(),
  md5: z.string(),
  /** The name the operator's file had, for display only. */
  originalName: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const uploadEndpoints = {
  /**
   * The body is the file's bytes (`Content-Type: application/octet-stream`), so progress is the
   * request's own and nothing is parsed twice; the query says what the file is for.
   */
  upload: defineEndpoint({
    method: 'POST',
    path: '/file/upload',
    access: 'session',
    audience: 'any',
    summary: '上传文件',
    module: '文件',
    write: true,
    query: z.object({
      purpose: uploadPurpose,
      name: z.string().trim().max(200, '文件名最多 200 个字').default(''),
    }),
    response: uploadedFile,
  }),
} as const;
