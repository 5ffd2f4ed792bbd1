const number = new Intl.NumberFormat('en')
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

export const formatNumber = (value: number): string => number.format(value)

/** An API timestamp (ISO 8601) in the reader's time zone. */
export const formatTime = (iso: string): string => dateTime.format(new Date(iso))

/** Who a conversation belongs to, for a list row. */
export const ownerOf = (item: { userId: string | null; guestId: string | null }): string => (item.userId ? `user ${item.userId}` : item.guestId ? `guest ${item.guestId}` : 'nobody')

/** Tool arguments as one readable line. */
export const formatArguments = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value))
