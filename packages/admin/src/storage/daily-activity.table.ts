/**
 * Row shape of `admin_daily_activity`: what was stored per UTC day and channel, kept by a trigger
 * on `messages` (migration `admin/2026-11-27-01-create-daily-stats`), so the overview reads ~90
 * rows a channel instead of a million messages. Counts what happened: deleting or pruning a
 * conversation later leaves its day's counts as they were.
 */
export interface DailyActivityTable {
  /** `YYYY-MM-DD`, the UTC day of the messages' `created_at`. */
  day: string
  channel: string
  /** Conversations whose first message was stored that day. */
  conversations: number | string
  user_messages: number | string
  assistant_messages: number | string
  /** Provider usage of the replies stored that day. */
  input_tokens: number | string
  output_tokens: number | string
}
