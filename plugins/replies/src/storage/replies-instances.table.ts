/**
 * Row shape of `replies_instances`: one row per running instance of the plugin, its heartbeat
 * refreshed every few seconds. A draft whose instance has an old heartbeat, or none, is a dead
 * instance's: one write per instance rather than one per draft keeps liveness cheap.
 */
export interface RepliesInstancesTable {
  /** Random, drawn at start-up: a restarted process is a new instance. */
  instance_id: string
  heartbeat_at: string
}
