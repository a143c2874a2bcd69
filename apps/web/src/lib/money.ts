/** Fen as yuan with two decimals and thousands separators: 123456 → "1,234.56". */
export function formatFen(value: number): string {
  return (value / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Fen as a yuan amount with its sign before the currency mark: -2908000 → "-¥29,080.00". */
export function formatYuan(fen: number): string {
  return fen < 0 ? `-¥${formatFen(-fen)}` : `¥${formatFen(fen)}`;
}
