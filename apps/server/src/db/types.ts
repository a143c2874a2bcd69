import type { CoreTables } from './tables/core.js';

/** The whole database as Kysely sees it (camelCase; the CamelCasePlugin maps to snake_case). */
export interface Database extends CoreTables {}
