import type { RowData } from '@tanstack/react-table'

// Column definitions carry layout hints for the generic table; the column id is the server's sort field.
declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Extra classes for header and cells, e.g. right alignment of numbers. */
    className?: string
    /** Width of the placeholder bar while rows load. */
    skeletonWidth?: string
    /** Stays in view when the table scrolls sideways. Only leading columns; give `width` to all but the last. */
    sticky?: boolean
    /** Fixed width in px (needed to place the sticky columns after it). */
    width?: number
    /**
     * On a phone each row is a card: 'title' is its heading, numbers order the facts under it. A table whose
     * columns name none shows its first column as the heading and the next five as facts.
     */
    card?: 'title' | number
    /** The header's tooltip, for a short header (a report's abbreviated metric). */
    headerTitle?: string
  }
}
