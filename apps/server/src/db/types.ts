import type { CoreTables } from './tables/core.js';
import type { MessageTables } from './tables/messages.js';
import type { DomainCoreTables } from './tables/domain-core.js';
import type { DomainOpsTables } from './tables/domain-ops.js';
import type { UserPrefTables } from './tables/user-prefs.js';
import type { SignInTables } from './tables/sign-in.js';
import type { SmsLogTables } from './tables/sms-log.js';
import type { FileTables } from './tables/files.js';
import type { LockTables } from './tables/locks.js';
import type { ReportTables } from './tables/reports.js';
import type { RegisterImportTables } from './tables/register-imports.js';
import type { SmsConfigTables } from './tables/sms-config.js';
import type { SearchGramTables } from './tables/search-grams.js';
import type { ServerSecretTables } from './tables/server-secrets.js';
import type { SavedViewTables } from './tables/saved-views.js';

/** The whole database as Kysely sees it (camelCase; the CamelCasePlugin maps to snake_case). */
export interface Database
  extends
    CoreTables,
    MessageTables,
    DomainCoreTables,
    DomainOpsTables,
    UserPrefTables,
    SignInTables,
    SmsLogTables,
    FileTables,
    LockTables,
    ReportTables,
    RegisterImportTables,
    SmsConfigTables,
    SearchGramTables,
    ServerSecretTables,
    SavedViewTables {}
