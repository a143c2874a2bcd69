import type { Migration } from 'kysely';
import * as m0001 from './0001-core.js';
import * as m0010 from './0010-tenancy.js';
import * as m0011 from './0011-store-users.js';
import * as m0012 from './0012-devices.js';
import * as m0013 from './0013-hardware-orders.js';
import * as m0014 from './0014-system-config.js';
import * as m0015 from './0015-system-config-defaults.js';
import * as m0020 from './0020-operations.js';
import * as m0021 from './0021-money.js';
import * as m0022 from './0022-store-services.js';
import * as m0023 from './0023-ops-list-indexes.js';
import * as m0030 from './0030-messages.js';
import * as m0041 from './0041-menu-version.js';
import * as m0042 from './0042-user-prefs.js';
import * as m0070 from './0070-gateway-list-indexes.js';
import * as m0071 from './0071-gateway-count-probe-index.js';
import * as m0080 from './0080-sign-in-devices.js';
import * as m0085 from './0085-staff-grants.js';
import * as m0090 from './0090-error-log-groups.js';
import * as m0095 from './0095-per-provider-numbers.js';
import * as m0100 from './0100-store-user-list-indexes.js';
import * as m0105 from './0105-reviews-and-sms-log.js';
import * as m0110 from './0110-wechat-screens.js';
import * as m0115 from './0115-platform-list-indexes.js';
import * as m0116 from './0116-provider-list-indexes.js';
import * as m0117 from './0117-postgres-list-index-twins.js';
import * as m0118 from './0118-merged-list-indexes.js';
import * as m0120 from './0120-gateway-restart-result.js';
import * as m0125 from './0125-stored-files.js';
import * as m0130 from './0130-voice-locks-free-codes.js';
import * as m0135 from './0135-money-screens.js';
import * as m0140 from './0140-reports.js';
import * as m0145 from './0145-order-registers.js';
import * as m0155 from './0155-direct-run-provider.js';
import * as m0150 from './0150-sms-and-config.js';
import * as m0160 from './0160-coarse-rollups.js';
import * as m0161 from './0161-rollup-source-month.js';
import * as m0165 from './0165-presence-sweep-indexes.js';
import * as m0166 from './0166-stored-file-claims.js';
import * as m0170 from './0170-billing-record-list.js';
import * as m0180 from './0180-keyword-grams.js';
import * as m0185 from './0185-keyword-grams-more.js';
import * as m0190 from './0190-report-covering-indexes.js';
import * as m0191 from './0191-provider-year-rollup.js';
import * as m0195 from './0195-payment-list-sums.js';
import * as m0200 from './0200-android-store-optional.js';
import * as m0205 from './0205-keyword-digit-windows.js';
import * as m0210 from './0210-staff-due-counts.js';
import * as m0215 from './0215-commission-months.js';
import * as m0220 from './0220-server-secrets.js';
import * as m0225 from './0225-refund-whole-amount.js';
import * as m0235 from './0235-device-credentials.js';
import * as m0245 from './0245-operation-log-resource.js';
import * as m0250 from './0250-second-factor.js';
import * as m0255 from './0255-saved-views.js';
import * as m0260 from './0260-device-status-changed-at.js';
import * as m0265 from './0265-account-notices.js';
import * as m0275 from './0275-export-tasks.js';
import * as m0280 from './0280-view-as-sessions.js';

/**
 * Every migration, in order, for both engines. Add a line here with each new file; names sort
 * by their number prefix, and applied ones never change.
 */
export const migrations: Record<string, Migration> = {
  '0001-core': m0001,
  '0010-tenancy': m0010,
  '0011-store-users': m0011,
  '0012-devices': m0012,
  '0013-hardware-orders': m0013,
  '0014-system-config': m0014,
  '0015-system-config-defaults': m0015,
  '0020-operations': m0020,
  '0021-money': m0021,
  '0022-store-services': m0022,
  '0023-ops-list-indexes': m0023,
  '0030-messages': m0030,
  '0041-menu-version': m0041,
  '0042-user-prefs': m0042,
  '0070-gateway-list-indexes': m0070,
  '0071-gateway-count-probe-index': m0071,
  '0080-sign-in-devices': m0080,
  '0085-staff-grants': m0085,
  '0090-error-log-groups': m0090,
  '0095-per-provider-numbers': m0095,
  '0100-store-user-list-indexes': m0100,
  '0105-reviews-and-sms-log': m0105,
  '0110-wechat-screens': m0110,
  '0115-platform-list-indexes': m0115,
  '0116-provider-list-indexes': m0116,
  '0117-postgres-list-index-twins': m0117,
  '0118-merged-list-indexes': m0118,
  '0120-gateway-restart-result': m0120,
  '0125-stored-files': m0125,
  '0130-voice-locks-free-codes': m0130,
  '0135-money-screens': m0135,
  '0140-reports': m0140,
  '0145-order-registers': m0145,
  '0155-direct-run-provider': m0155,
  '0150-sms-and-config': m0150,
  '0160-coarse-rollups': m0160,
  '0161-rollup-source-month': m0161,
  '0165-presence-sweep-indexes': m0165,
  '0166-stored-file-claims': m0166,
  '0170-billing-record-list': m0170,
  '0180-keyword-grams': m0180,
  '0185-keyword-grams-more': m0185,
  '0190-report-covering-indexes': m0190,
  '0191-provider-year-rollup': m0191,
  '0195-payment-list-sums': m0195,
  '0200-android-store-optional': m0200,
  '0205-keyword-digit-windows': m0205,
  '0210-staff-due-counts': m0210,
  '0215-commission-months': m0215,
  '0220-server-secrets': m0220,
  '0225-refund-whole-amount': m0225,
  '0235-device-credentials': m0235,
  '0245-operation-log-resource': m0245,
  '0250-second-factor': m0250,
  '0255-saved-views': m0255,
  '0260-device-status-changed-at': m0260,
  '0265-account-notices': m0265,
  '0275-export-tasks': m0275,
  '0280-view-as-sessions': m0280,
};
