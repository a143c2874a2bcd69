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
import type { SecondFactorTables } from './tables/second-factor.js';
import type { SavedViewTables } from './tables/saved-views.js';
import type { ExportTaskTables } from './tables/export-tasks.js';
import type { ViewAsTables } from './tables/view-as.js';

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
    SecondFactorTables,
    SavedViewTables,
    ExportTaskTables,
    ViewAsTables {}

/**
 * Any table by name, its columns read as `unknown`: the table map of a query whose table is chosen
 * at run time (the crud machinery's ResourceDb, a generic insert). `db.withTables<AnyTables>()`
 * widens a handle to it at the type level only.
 */
export type AnyTables = Record<string, Record<string, unknown>>;
