const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })
const compactFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
})

/** Money in USD with two decimals, as the product shows amounts (docs/product.md 5). */
export const usd = (amount: number) => usdFormat.format(amount)

/** Short dollars for chart axes: $1.2M, $350K. */
export const compactUsd = (amount: number) => compactFormat.format(amount)
