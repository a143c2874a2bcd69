import { FILES_PATH, storedFileName, uploadKinds, uploadPurposes, type UploadPurpose } from '@console/contract';

/** Where a field's value is fetched: a stored key becomes its path here; a URL stays as it is. */
export function fileHref(value: string): string {
  return storedFileName.test(value) ? `${FILES_PATH}/${value}` : value;
}

/** Whether every kind a purpose takes is an image, so its field shows a preview. */
export function isImagePurpose(purpose: UploadPurpose): boolean {
  return uploadPurposes[purpose].kinds.every((kind) => uploadKinds[kind].image);
}

/** Whether a stored value looks like an image (by the extension the server gave it). */
export function looksLikeImage(value: string): boolean {
  return /\.(png|jpe?g|webp)(\?|$)/i.test(value);
}
