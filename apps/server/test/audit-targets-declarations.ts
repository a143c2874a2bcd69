/**
 * Writes whose operation-log row names no single record, by `<METHOD> <url>`, each with why.
 * 操作历史 shows a record's rows; these change many records or none a detail drawer shows.
 */
export const untargetedWrites: Record<string, string> = {
  'POST /api/androidVoice/createVoiceCode': 'makes a batch of codes: the row names the batch number',
  'POST /api/device/addBanDevice': 'the ban list is a read-only table with no detail drawer',
};

/** Log resources that are not records of a screen's detail drawer, each with why. */
export const untargetedResources: Record<string, string> = {
  // Every list's and report's 导出 creates an export task: the row names the task, which 导出中心 shows.
  exportTask: 'an export request: the row names its task in 导出中心, not a record',
};
