import { loadConfig } from '../../config.js';
import { migrateToLatest } from '../../db/migrate.js';
import { openDatabase } from '../../db/open.js';
import { checkListSums, rebuildListSums } from '../finance/list-sum-rebuild.js';
import { compareRollups } from './rollup-check.js';
import { rebuildRollups } from './rollup-rebuild.js';

const USAGE = `用法：npm run rollups -- rebuild | check
  rebuild  按原始缴费记录和硬件订单重建各级报表汇总（日、月；按服务商、全平台）及佣金监控的服务商月度佣金，以及缴费列表合计汇总（DATABASE_URL 指向的数据库）
  check    比较各级报表汇总与原始记录，列出不一致的 汇总表|日期或月份|服务商|来源|产品；
           服务商月度佣金与按汇总重算的结果比较，列出不一致的 commission_month|月份|服务商；
           再比较缴费列表合计汇总，列出不一致的 汇总表|服务商|来源|日期或月份|项目|渠道|状态；有差异时退出码为 1`;

/** Command output, one line (this is a command, not the server: its log is the terminal). */
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const command = process.argv[2];
  if (command !== 'rebuild' && command !== 'check') {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(database.db);
    const started = performance.now();
    if (command === 'rebuild') {
      const rows = await rebuildRollups(database.db);
      say(`重建完成：${rows} 行汇总，用时 ${((performance.now() - started) / 1000).toFixed(1)} 秒`);
      const sums = await rebuildListSums(database.db);
      say(`缴费列表合计汇总重建完成：${sums} 行日汇总，用时 ${((performance.now() - started) / 1000).toFixed(1)} 秒`);
      return;
    }
    const { differences, total } = await compareRollups(database.db, 50);
    for (const d of differences.slice(0, 50)) {
      say(`  ${d.key}  汇总 ${JSON.stringify(d.rollup)}  原始 ${JSON.stringify(d.raw)}`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    say(
      total === 0
        ? `一致：汇总与原始记录相符（用时 ${seconds} 秒）`
        : `不一致：${total} 处（显示前 50 处，用时 ${seconds} 秒）`,
    );
    if (total > 0) process.exitCode = 1;
    const listSums = await checkListSums(database.db);
    for (const d of listSums.slice(0, 50))
      say(`  ${d.key}  仅${d.side === 'rollup' ? '汇总' : '原始'}有 ${JSON.stringify(d.figures)}`);
    say(
      listSums.length === 0
        ? '一致：缴费列表合计汇总与原始记录相符'
        : `缴费列表合计汇总不一致：${listSums.length} 处（显示前 50 处）`,
    );
    if (listSums.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
