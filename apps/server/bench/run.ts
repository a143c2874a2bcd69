import { printRows } from './report.js';
import { suites } from './suites.js';

/**
 * `npm run bench [-- <suite> ...]`: runs the named suites (default: all) one after another and
 * prints each one's table. Exit code 1 when a figure is over its budget, so a run can be scripted.
 */
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !suites.some((s) => s.name === name));
if (unknown.length) {
  console.error(`未知的基准套件: ${unknown.join(', ')}；可选: ${suites.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const chosen = suites.filter((s) => wanted.length === 0 || wanted.includes(s.name));
if (chosen.length === 0) {
  console.error('没有可运行的基准套件');
  process.exit(2);
}
let over = 0;
for (const suite of chosen) {
  const started = Date.now();
  const rows = await suite.run();
  printRows(`${suite.title} (${((Date.now() - started) / 1000).toFixed(0)} s)`, rows);
  over += rows.filter((r) => !r.ok).length;
}
console.log(over ? `\n${over} 项超出预算` : '\n全部在预算之内');
process.exit(over ? 1 : 0);
