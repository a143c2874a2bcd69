import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { ReactNode } from 'react';

/** What an audience puts in the shared page: its head button, its filter, its rows and columns. */
export interface MessageView<Row> {
  extra: ReactNode;
  filter: ReactNode;
  rows: Row[];
  loading: boolean;
  columns: ColumnsType<Row>;
  pagination: TablePaginationConfig;
  /** Drawers and the like that live beside the table. */
  aside?: ReactNode;
}
