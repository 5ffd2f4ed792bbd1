import type { Kysely, RawBuilder } from 'kysely'
import { dialectOf, sql, tableLayoutOf } from '@chatbot-kit/kernel/plugin'

// Frozen once released: a change is a new, later-dated migration.

/**
 * Two small tables for the console's overview: `admin_daily_activity`, kept by a trigger on
 * `messages` (every writer, the kernel's, a plugin's or a host's seed, goes through it), and
 * `admin_refusals`, which the plugin fills itself. Existing messages are counted once, here.
 */
export async function up(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its day, not today's
  db: Kysely<any>,
): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  // Token sums of a busy channel outgrow 32 bits; SQLite's integer is 64-bit anyway.
  const count = postgres ? 'bigint' : 'integer'

  let activity = db.schema.createTable('admin_daily_activity').ifNotExists().addColumn('day', 'text', (col) => col.notNull()).addColumn('channel', 'text', (col) => col.notNull())
  for (const column of ['conversations', 'user_messages', 'assistant_messages', 'input_tokens', 'output_tokens']) activity = activity.addColumn(column, count, (col) => col.notNull().defaultTo(0))
  await activity.addPrimaryKeyConstraint('admin_daily_activity_pk', ['day', 'channel']).execute()

  await db.schema
    .createTable('admin_refusals')
    .ifNotExists()
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('count', count, (col) => col.notNull())
    .addPrimaryKeyConstraint('admin_refusals_pk', ['day', 'channel', 'code'])
    .execute()

  // The trigger first, then the count of what is there: nothing is missed or counted twice. On
  // Postgres the migration's transaction holds the lock CREATE TRIGGER took on `messages` until
  // it commits; on SQLite (migrations run outside a transaction) this one makes both one write.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as `db`
  const countExisting = async (trx: Kysely<any>) => {
    await (postgres ? createPostgresTrigger(trx) : createSqliteTrigger(trx))
    // Emptied first, so a run cut before its record was written can simply run again.
    await sql`delete from ${sql.table('admin_daily_activity')}`.execute(trx)
    await backfill.execute(trx)
  }
  await (db.isTransaction ? countExisting(db) : db.transaction().execute(countExisting))
}

const day = (column: RawBuilder<unknown>) => sql`substr(${column}, 1, 10)`

/** One message's share of its day's row; `new` is the inserted row. */
const addMessage = sql`
  insert into ${sql.table('admin_daily_activity')} as r (day, channel, conversations, user_messages, assistant_messages, input_tokens, output_tokens)
  select ${day(sql`new.created_at`)}, c.channel,
    case when exists (select 1 from ${sql.table('messages')} o where o.conversation_id = new.conversation_id and o.id <> new.id) then 0 else 1 end,
    case when new.role = 'user' then 1 else 0 end,
    case when new.role = 'assistant' then 1 else 0 end,
    coalesce(new.input_tokens, 0),
    coalesce(new.output_tokens, 0)
  from ${sql.table('conversations')} c where c.id = new.conversation_id
  on conflict (day, channel) do update set
    conversations = r.conversations + excluded.conversations,
    user_messages = r.user_messages + excluded.user_messages,
    assistant_messages = r.assistant_messages + excluded.assistant_messages,
    input_tokens = r.input_tokens + excluded.input_tokens,
    output_tokens = r.output_tokens + excluded.output_tokens`

/** What the trigger would have counted for the messages already stored (a conversation's first is its lowest id). */
const backfill = sql`
  insert into ${sql.table('admin_daily_activity')} (day, channel, conversations, user_messages, assistant_messages, input_tokens, output_tokens)
  select ${day(sql`m.created_at`)}, c.channel,
    sum(case when exists (select 1 from ${sql.table('messages')} o where o.conversation_id = m.conversation_id and o.id < m.id) then 0 else 1 end),
    sum(case when m.role = 'user' then 1 else 0 end),
    sum(case when m.role = 'assistant' then 1 else 0 end),
    sum(coalesce(m.input_tokens, 0)),
    sum(coalesce(m.output_tokens, 0))
  from ${sql.table('messages')} m join ${sql.table('conversations')} c on c.id = m.conversation_id
  group by ${day(sql`m.created_at`)}, c.channel`

/** Trigger and function names are not tables: the prefix is added here (SQLite keeps them unique per database, Postgres functions per schema). */
const ownName = (db: Kysely<unknown>, name: string) => tableLayoutOf(db).tablePrefix + name

const TRIGGER = 'admin_daily_activity_count'

async function createSqliteTrigger(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger if not exists ${sql.id(ownName(db, TRIGGER))} after insert on ${sql.table('messages')} for each row begin ${addMessage}; end`.execute(db)
}

async function createPostgresTrigger(db: Kysely<unknown>): Promise<void> {
  const { schema } = tableLayoutOf(db)
  const name = ownName(db, TRIGGER)
  const fn = schema ? sql.id(schema, name) : sql.id(name)
  // The table names are compiled into the body, schema included when the layout has one.
  await sql`create or replace function ${fn}() returns trigger language plpgsql as $body$ begin ${addMessage}; return null; end $body$`.execute(db)
  await sql`drop trigger if exists ${sql.id(name)} on ${sql.table('messages')}`.execute(db)
  await sql`create trigger ${sql.id(name)} after insert on ${sql.table('messages')} for each row execute function ${fn}()`.execute(db)
}
