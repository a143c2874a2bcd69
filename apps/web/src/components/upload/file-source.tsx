import { FILE_LINK_MINUTES, type UploadPurpose, isPrivatePurpose, uploadEndpoints } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../../lib/api/request';
import { fileHref, sameOriginHref, storedNameOf } from './file-url';

/** What a stored file's display gets: its href (null until known), or that it cannot be shown. */
export type FileSourceRender = (href: string | null, refused: boolean) => ReactNode;

// Renewed at half the link's life, so a preview opened late still loads.
const RENEW_MS = (FILE_LINK_MINUTES * 60_000) / 2;

/**
 * Hands its children where a field's stored file is fetched. A private purpose's file (merchant
 * documents, contracts) is only served with a signed link, which an `<img>` can carry where it
 * cannot carry the session header: it is asked for and renewed before it lapses. Any other file
 * is fetched by its plain path, with no request.
 */
export function FileSource({
  value,
  purpose,
  children,
}: {
  value: string;
  purpose?: UploadPurpose;
  children: FileSourceRender;
}) {
  const name = storedNameOf(value);
  if (purpose && isPrivatePurpose(purpose) && name) return <SignedFileSource name={name}>{children}</SignedFileSource>;
  return <>{children(fileHref(value), false)}</>;
}

function SignedFileSource({ name, children }: { name: string; children: FileSourceRender }) {
  const link = useQuery({
    queryKey: ['fileLink', name],
    queryFn: ({ signal }) => api(uploadEndpoints.link, { query: { key: name }, signal, quiet: true }),
    staleTime: RENEW_MS,
    refetchInterval: RENEW_MS,
    retry: false,
  });
  return <>{children(link.data ? sameOriginHref(link.data.url) : null, link.isError)}</>;
}
