/**
 * Spreadsheet exports of resource lists (`POST <prefix>/export`): the server streams an .xlsx of
 * the filtered list; the console saves it. Declared here so both sides read the same limits.
 */

/** An export stops after this many rows; the file and the response say so. */
export const EXPORT_ROW_CAP = 100_000;

/** Data rows one worksheet holds: Excel's 1 048 576 rows less the header row. */
export const EXPORT_SHEET_ROWS = 1_048_575;

/** Response header: `1` when the list had more rows than the export carries. */
export const EXPORT_TRUNCATED_HEADER = 'X-Export-Truncated';
/** Response header: how many data rows the file holds (known before the first byte). */
export const EXPORT_ROWS_HEADER = 'X-Export-Rows';

export const xlsxMediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
