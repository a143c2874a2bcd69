import { apiSuite } from './api/suite.js';
import { clusterSuite } from './cluster/suite.js';
import { realtimeSuite } from './realtime/suite.js';
import { consoleSuite } from './console/console-suite.js';
import { devicesSuite } from './devices/suite.js';
import { importsSuite } from './imports/suite.js';
import { exportsSuite } from './exports/suite.js';
import { reportsSuite } from './reports/reports-suite.js';
import type { BenchSuite } from './report.js';

/**
 * Every benchmark suite, in the order `npm run bench` runs them. Each suite is its own file in
 * this folder; add one line here per suite.
 */
export const suites: BenchSuite[] = [
  apiSuite,
  realtimeSuite,
  consoleSuite,
  devicesSuite,
  reportsSuite,
  importsSuite,
  exportsSuite,
  clusterSuite,
];
