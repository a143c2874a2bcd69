// A row of a list screen as the machinery handles it: any record with its id (ids travel as
// strings). Apart from the row actions and the selection, which both hold rows.
export type ListRow = Record<string, unknown> & { id: string };
