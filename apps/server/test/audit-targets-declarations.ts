/**
 * Writes whose operation-log row names no single record, by `<METHOD> <url>`, each with why.
 * 操作历史 shows a record's rows; these change many records or none a detail drawer shows.
 */
export const untargetedWrites: Record<string, string> = {
  'POST /api/androidVoice/createVoiceCode': 'makes a batch of codes: the row names the batch number',
  'POST /api/device/addBanDevice': 'the ban list is a read-only table with no detail drawer',
};
