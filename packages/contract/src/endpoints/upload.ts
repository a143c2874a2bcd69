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
 * Who may fetch a purpose's files:
 * - `public`: anyone holding the name (a terminal downloading a package, an `<img>` on the site);
 * - `private`: only an operator whose scope holds the record the file belongs to, by the session
 *   header or a signed link good for minutes (identity documents, contracts: never a bare name).
 */
export type FileAccess = 'public' | 'private';

/**
 * What each upload field may take, who may upload for it and who may fetch it. `permissions`
 * lists the screens' own permissions (any one suffices): the file belongs to the form it is chosen
 * in, so whoever may save that form may upload for it. `session` means any signed-in operator
 * (their own avatar). `access` has no default: a new purpose decides who reads its files.
 */
export const uploadPurposes = {
  /** 应用版本: an Android package pushed to room terminals (they download it without a session). */
  appPackage: {
    label: '安卓安装包',
    kinds: ['apk'],
    maxBytes: 200 * MB,
    permissions: ['appVersion.create'],
    access: 'public',
  },
  /** 系统配置: the customer-service QR image shown on the site. */
  serviceQr: {
    label: '客服二维码',
    kinds: images,
    maxBytes: 2 * MB,
    permissions: ['systemConfig.update'],
    access: 'public',
  },
  /** 个人中心: an operator's own avatar. */
  avatar: { label: '头像', kinds: images, maxBytes: 2 * MB, permissions: 'session', access: 'public' },
  /** 支付商户: business licence and ID documents of a merchant application. */
  merchantDocument: {
    label: '商户证照',
    kinds: [...images, 'pdf'],
    maxBytes: 5 * MB,
    permissions: ['sweepShop.create', 'sweepShop.update', 'wsShop.create', 'wsShop.update'],
    access: 'private',
  },
  /** 合同记录 (a provider's, and 直营's): the signed contract's scan or PDF. */
  contractAttachment: {
    label: '合同附件',
    kinds: [...images, 'pdf'],
    maxBytes: 10 * MB,
    permissions: ['contract.create', 'contract.update', 'directContract.create', 'directContract.update'],
    access: 'private',
  },
} as const satisfies Record<
  string,
  {
    label: string;
    kinds: readonly UploadKind[];
    maxBytes: number;
    permissions: readonly string[] | 'session';
    access: FileAccess;
  }
>;
export type UploadPurpose = keyof typeof uploadPurposes;
/** The purposes whose files only the owning record's operators may fetch. */
export type PrivatePurpose = {
  [P in UploadPurpose]: (typeof uploadPurposes)[P]['access'] extends 'private' ? P : never;
}[UploadPurpose];

export function isPrivatePurpose(purpose: UploadPurpose): purpose is PrivatePurpose {
  return uploadPurposes[purpose].access === 'private';
}
export const uploadPurpose = z.enum(Object.keys(uploadPurposes) as [UploadPurpose, ...UploadPurpose[]], {
  error: '上传用途不存在',
});

/** The `accept` hint for a purpose's file picker (the server still decides by content). */
export function acceptOf(purpose: UploadPurpose): string {
  return uploadPurposes[purpose].kinds.map((k) => uploadKinds[k].mediaType).join(',');
}

/**
 * Where stored files are served. Names are random, so the path alone grants nothing guessable; a
 * private purpose's file is still refused without a session or a signed link (`exp`, `sig`).
 */
export const FILES_PATH = '/files';
/** A stored file's name: 32 random hex characters and the extension of its sniffed kind. */
export const storedFileName = /^[0-9a-f]{32}\.(png|jpg|webp|pdf|apk)$/;
/** How long a signed link to a private file works; the console asks for a fresh one well before. */
export const FILE_LINK_MINUTES = 10;

export const uploadedFile = z.object({
  /** The stored name (random); forms keep this and the server resolves it. */
  key: z.string().regex(storedFileName),
  /**
   * Where the file is served, absolute from the server's PUBLIC_URL (a device downloading a
   * package needs the host). For a private purpose it answers only with a session or a signed
   * link (`file/link`); records may keep it, it never expires.
   */
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
  /**
   * A signed link to a private file, good for FILE_LINK_MINUTES, for an `<img>` or a download
   * (they cannot send the session header). Only for an operator whose scope holds the file's
   * record, or who uploaded it (a form's preview before it is saved); anyone else is told the
   * file does not exist. A public file's answer is its plain URL.
   */
  link: defineEndpoint({
    method: 'GET',
    path: '/file/link',
    access: 'session',
    audience: 'any',
    summary: '获取文件链接',
    module: '文件',
    write: false,
    query: z.object({ key: z.string().regex(storedFileName, '文件不存在') }),
    response: z.object({ url: z.string(), expiresAt: z.string().nullable() }),
  }),
} as const;
