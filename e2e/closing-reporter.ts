import type { FullResult, Reporter } from '@playwright/test/reporter';

/** Prints one unmistakable closing line, so a CI log shows how the browser suite ended. */
export default class ClosingReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(_test: unknown, result: { status: string }): void {
    if (result.status === 'passed') this.passed += 1;
    else if (result.status === 'skipped') this.skipped += 1;
    else this.failed += 1;
  }

  onEnd(result: FullResult): void {
    console.log(
      `\ne2e 结束: ${result.status}，通过 ${this.passed}，失败 ${this.failed}，跳过 ${this.skipped}，用时 ${Math.round(result.duration / 1000)} 秒`,
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}
