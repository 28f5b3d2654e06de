// The Usage & Budget page: the transactions table with search, sorting, pages and Download, and the credit
// history chart with its periods.
import type { Download, Locator, Page } from 'playwright-core';

export class BudgetScreen {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/settings/budget`);
    await this.page.getByTestId('transactions-table').waitFor();
  }

  rows(): Locator {
    return this.page.getByTestId('transaction-row');
  }

  async names(): Promise<string[]> {
    return this.page.getByTestId('transaction-name').allInnerTexts();
  }

  async values(): Promise<string[]> {
    return this.page.getByTestId('transaction-value').allInnerTexts();
  }

  /** Types into the search and waits until the table shows `expectedRows` rows (0: the empty text). */
  async search(text: string, expectedRows: number): Promise<void> {
    await this.page.getByTestId('transactions-search').fill(text);
    if (expectedRows === 0) await this.page.getByTestId('transactions-empty').waitFor();
    else await this.page.waitForFunction((n) => document.querySelectorAll('[data-testid="transaction-row"]').length === n, expectedRows);
  }

  async sortBy(column: 'simulationName' | 'kind' | 'date' | 'credits'): Promise<void> {
    const header = this.page.getByTestId(`transactions-sort-${column}`);
    const before = await header.getAttribute('data-sorted');
    await header.click();
    await this.page.waitForFunction(
      ([id, previous]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-sorted') !== previous,
      [`transactions-sort-${column}`, before] as const,
    );
    await this.page.waitForFunction(() => getComputedStyle(document.querySelector('[data-testid="transactions-table"]') as Element).opacity === '1');
  }

  async download(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('transactions-download').click()]);
    return download;
  }

  async choosePeriod(label: string): Promise<void> {
    await this.page.getByTestId('credit-history-period').getByText(label, { exact: true }).click();
  }

  chartBars(): Locator {
    return this.page.getByTestId('credit-history-bar');
  }
}
