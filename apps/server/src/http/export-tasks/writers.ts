import type { Writable } from 'node:stream';
import type { EndpointDef } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ReadContext } from '../context.js';

/** What an export's writer tells its task as it goes. */
export interface ExportProgress {
  /** Once the rows are counted: how many the file will hold, and whether the list had more. */
  counted: (total: number, truncated: boolean) => Promise<void>;
  /** After each batch: rows written so far. */
  batch: (written: number) => Promise<void>;
}

export interface ExportOutcome {
  rows: number;
  truncated: boolean;
}

/**
 * One export as the job runs it: the endpoint that asks for it (its permission and scope are
 * checked again when the job runs) and the writer of its rows, given the request's stored body.
 */
export interface ExportWriter {
  def: EndpointDef;
  /** Chinese name of what is exported (门店列表), the task's title and the file's name. */
  title: string;
  /** ASCII stem of the file's fallback name (store, report-monthData). */
  asciiName: string;
  write: (
    body: Record<string, unknown>,
    ctx: ReadContext,
    out: Writable,
    progress: ExportProgress,
  ) => Promise<ExportOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every export's writer by its endpoint path (the task's `source`). */
    exportWriters: Map<string, ExportWriter>;
  }
}

/** The writers' registry, decorated on first use (resources and reports register into it). */
export function exportWriters(app: FastifyInstance): Map<string, ExportWriter> {
  if (!app.hasDecorator('exportWriters')) app.decorate('exportWriters', new Map<string, ExportWriter>());
  return app.exportWriters;
}

/** 导出门店列表 → 门店列表: the export's summary names what it exports after its verb. */
export const titleOf = (def: EndpointDef) => def.summary.replace(/^导出/, '');
