import { FILES_PATH, storedFileName, uploadKinds, uploadPurposes, type UploadPurpose } from '@console/contract';

const nameAtEnd = new RegExp(`${FILES_PATH}/(${storedFileName.source.replace(/^\^|\$$/g, '')})$`);

/** The stored file a field's value names: a bare key, or a URL whose path ends in `/files/<name>`. */
export function storedNameOf(value: string): string | null {
  if (storedFileName.test(value)) return value;
  const path = URL.canParse(value) ? new URL(value).pathname : value;
  return nameAtEnd.exec(path)?.[1] ?? null;
}

/**
 * Where the console fetches a field's value: a stored file from the console's own origin (its
 * absolute URL names the address devices reach, PUBLIC_URL, which need not be the one this
 * browser came by); any other URL as it is.
 */
export function fileHref(value: string): string {
  const name = storedNameOf(value);
  return name ? `${FILES_PATH}/${name}` : value;
}

/** A link the server signed (absolute, on PUBLIC_URL), fetched from the console's own origin. */
export function sameOriginHref(url: string): string {
  if (!URL.canParse(url)) return url;
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/** Whether every kind a purpose takes is an image, so its field shows a preview. */
export function isImagePurpose(purpose: UploadPurpose): boolean {
  return uploadPurposes[purpose].kinds.every((kind) => uploadKinds[kind].image);
}

/** Whether a stored value looks like an image (by the extension the server gave it). */
export function looksLikeImage(value: string): boolean {
  return /\.(png|jpe?g|webp)(\?|$)/i.test(value);
}
