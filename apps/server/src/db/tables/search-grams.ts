// Row types of the keyword index (migration 0180, crud/keyword-grams.ts): every two-character
// window of a row's searchable columns, lower-cased, with the row's id; kept by triggers.

export interface SearchGramTable {
  /** The indexed table, snake_case as stored (`staff_applet_user`). */
  tbl: string;
  gram: string;
  rowId: number;
}

/** Which columns of which tables the triggers index (snake_case). */
export interface SearchGramSourceTable {
  tbl: string;
  col: string;
}

export interface SearchGramTables {
  searchGram: SearchGramTable;
  searchGramSource: SearchGramSourceTable;
}
