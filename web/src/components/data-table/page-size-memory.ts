import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@crm/contracts'

type SizeStorage = Pick<Storage, 'getItem' | 'setItem'>

const KEY = 'listPageSize'

/**
 * docs/product.md 9: tables start at 5 rows, and a user's last choice of size is kept for the next list they
 * open (in this browser), until a link names its own size.
 */
export function createPageSizeMemory(storage: SizeStorage | null) {
  return {
    current(): PageSize {
      const stored = Number(storage?.getItem(KEY))
      return PAGE_SIZES.find((size) => size === stored) ?? DEFAULT_PAGE_SIZE
    },
    remember(size: PageSize): void {
      storage?.setItem(KEY, String(size))
    },
  }
}

export const pageSizeMemory = createPageSizeMemory(typeof localStorage === 'undefined' ? null : localStorage)
