import { z } from 'zod';
import { id } from './common.js';
import { type EndpointDef, defineEndpoint, fileResponse } from './endpoint.js';
import { xlsxMediaType } from './export.js';
import type { AnyResource } from './resource.js';

/** Rows one import may hold; a larger file is refused before anything is checked. */
export const IMPORT_MAX_ROWS = 50_000;
/** File size an import accepts (50 000 rows of a register fit in well under this). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/**
 * What an .xlsx may unpack to, in MB, all its parts together. Sheet XML packs about tenfold, so a
 * full 10 MB file fits (50 000 rows of twenty columns are about 70 MB); a ZIP bomb stops here.
 */
export const IMPORT_MAX_INFLATED_MB = 100;

/** One column of an import file: the field it fills and the header names operators really use. */
export interface ImportColumn {
  field: string;
  /** The header in the template. */
  header: string;
  /** Other headers accepted for the column (matched ignoring case, spaces and punctuation). */
  aliases: readonly string[];
  required: boolean;
  /** The template's example value. */
  example: string;
}

export const importRowError = z.object({
  /** Row number in the file as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  field: z.string(),
  value: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

const previewBody = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/\.(xlsx|csv)$/i, '请上传 .xlsx 或 .csv 文件'),
  /** The file's bytes, base64. */
  content: z
    .string()
    .min(1, '文件为空')
    .max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 4, '文件超过 10 MB'),
});

export const importPreview = z.object({
  importId: id,
  fileName: z.string(),
  total: z.number().int(),
  valid: z.number().int(),
  /** The file's header for each field it matched. */
  matched: z.record(z.string(), z.string()),
  /** The first valid rows as they will be stored. */
  sample: z.array(z.record(z.string(), z.string().nullable())),
  errors: z.array(importRowError),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({ inserted: z.number().int(), errors: z.array(importRowError) });
export type ImportResult = z.infer<typeof importResult>;

export interface RegisterImport {
  resource: AnyResource;
  columns: readonly ImportColumn[];
  /** The field that must be unique, in the file and in the table. */
  key: string;
  permission: string;
  endpoints: { template: EndpointDef; preview: EndpointDef; commit: EndpointDef };
}

/**
 * Declares that a register takes Excel/CSV imports: a template (GET <prefix>/import/template), a
 * preview that checks every row and writes nothing (POST <prefix>/import/preview), and a commit
 * that writes all valid rows of a preview or none (POST <prefix>/import/commit): in batches that
 * let other requests through, the batches already written taken out again if one fails.
 */
export function defineImport<R extends AnyResource>(
  resource: R,
  config: { columns: readonly ImportColumn[]; key: string & keyof R['entity']['shape'] },
) {
  const permission = `${resource.name}.import`;
  const common = { access: { permission }, audience: resource.audience, module: resource.module } as const;
  const endpoints = {
    template: defineEndpoint({
      ...common,
      method: 'GET',
      path: `${resource.prefix}/import/template`,
      summary: `下载${resource.title}导入模板`,
      write: false,
      response: fileResponse,
      file: { mediaType: xlsxMediaType },
    }),
    preview: defineEndpoint({
      ...common,
      method: 'POST',
      path: `${resource.prefix}/import/preview`,
      summary: `预览${resource.title}导入`,
      write: false,
      bodyLimit: Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024,
      body: previewBody,
      response: importPreview,
    }),
    commit: defineEndpoint({
      ...common,
      method: 'POST',
      path: `${resource.prefix}/import/commit`,
      summary: `导入${resource.title}`,
      write: true,
      body: z.object({ importId: id }),
      response: importResult,
    }),
  };
  return { resource, columns: config.columns, key: config.key, permission, endpoints } satisfies RegisterImport;
}
