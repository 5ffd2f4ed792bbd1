import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  IdentifierNode,
  OperationNodeTransformer,
  SchemableIdentifierNode,
  TableNode,
  type CheckConstraintNode,
  type CreateIndexNode,
  type DropConstraintNode,
  type DropIndexNode,
  type ForeignKeyConstraintNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimaryKeyConstraintNode,
  type QueryExecutorProvider,
  type QueryId,
  type QueryResult,
  type RenameConstraintNode,
  type RootOperationNode,
  type UniqueConstraintNode,
  type UnknownRow,
} from 'kysely'

/** Where our tables live in a database (config `database.tablePrefix` and `database.schema`). */
export interface TableLayout {
  /** Put before every table, index and constraint name we create; '' for none. */
  tablePrefix: string
  /** Postgres: the schema of our tables; undefined for the connection's current one. */
  schema: string | undefined
  /** Every table of ours; the prefix and schema apply to them. */
  tables?: readonly string[]
}

/** 1.0's layout, which existing databases have: no prefix, the current schema. */
export const DEFAULT_TABLE_LAYOUT: TableLayout = Object.freeze({ tablePrefix: '', schema: undefined })

/** Our tables as queries name them: the ones given, and Kysely's migration bookkeeping. */
const ownTables = (layout: TableLayout): ReadonlySet<string> =>
  new Set([...(layout.tables ?? []), DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE])

/**
 * Renames our tables wherever a query names them (builders, `sql.table`, foreign-key references),
 * and prefixes index and constraint names, which SQLite keeps unique per database and Postgres per
 * schema. Other tables (the host's, the system catalogs) are left as they are. A common table
 * expression must not be named like one of our tables.
 */
class TableLayoutTransformer extends OperationNodeTransformer {
  readonly #layout: TableLayout
  readonly #own: ReadonlySet<string>

  constructor(layout: TableLayout) {
    super()
    this.#layout = layout
    this.#own = ownTables(layout)
  }

  #prefixed(node: IdentifierNode): IdentifierNode {
    return IdentifierNode.create(this.#layout.tablePrefix + node.name)
  }

  protected override transformTable(node: TableNode, queryId?: QueryId): TableNode {
    const { schema, identifier } = node.table
    if (schema || !this.#own.has(identifier.name)) return super.transformTable(node, queryId)
    const name = this.#layout.tablePrefix + identifier.name
    return this.#layout.schema ? TableNode.createWithSchema(this.#layout.schema, name) : TableNode.create(name)
  }

  protected override transformCreateIndex(node: CreateIndexNode, queryId?: QueryId): CreateIndexNode {
    // Postgres puts the index in its table's schema; the name itself takes no schema.
    return { ...super.transformCreateIndex(node, queryId), name: this.#prefixed(node.name) }
  }

  protected override transformDropIndex(node: DropIndexNode, queryId?: QueryId): DropIndexNode {
    const name = this.#layout.tablePrefix + node.name.identifier.name
    const schema = node.name.schema?.name ?? this.#layout.schema
    return {
      ...super.transformDropIndex(node, queryId),
      name: schema ? SchemableIdentifierNode.createWithSchema(schema, name) : SchemableIdentifierNode.create(name),
    }
  }

  protected override transformCheckConstraint(node: CheckConstraintNode, queryId?: QueryId): CheckConstraintNode {
    return { ...super.transformCheckConstraint(node, queryId), ...(node.name && { name: this.#prefixed(node.name) }) }
  }

  protected override transformUniqueConstraint(node: UniqueConstraintNode, queryId?: QueryId): UniqueConstraintNode {
    return { ...super.transformUniqueConstraint(node, queryId), ...(node.name && { name: this.#prefixed(node.name) }) }
  }

  protected override transformPrimaryKeyConstraint(node: PrimaryKeyConstraintNode, queryId?: QueryId): PrimaryKeyConstraintNode {
    return { ...super.transformPrimaryKeyConstraint(node, queryId), ...(node.name && { name: this.#prefixed(node.name) }) }
  }

  protected override transformForeignKeyConstraint(node: ForeignKeyConstraintNode, queryId?: QueryId): ForeignKeyConstraintNode {
    return { ...super.transformForeignKeyConstraint(node, queryId), ...(node.name && { name: this.#prefixed(node.name) }) }
  }

  protected override transformDropConstraint(node: DropConstraintNode, queryId?: QueryId): DropConstraintNode {
    return { ...super.transformDropConstraint(node, queryId), constraintName: this.#prefixed(node.constraintName) }
  }

  protected override transformRenameConstraint(node: RenameConstraintNode, queryId?: QueryId): RenameConstraintNode {
    return { ...super.transformRenameConstraint(node, queryId), oldName: this.#prefixed(node.oldName), newName: this.#prefixed(node.newName) }
  }
}

class TableLayoutPlugin implements KyselyPlugin {
  readonly layout: TableLayout
  readonly #transformer: TableLayoutTransformer

  constructor(layout: TableLayout) {
    this.layout = Object.freeze({ ...layout })
    this.#transformer = new TableLayoutTransformer(this.layout)
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId)
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}

/** The plugin that makes a Kysely instance read and write our tables where `layout` puts them. */
export function createTableLayoutPlugin(layout: TableLayout): KyselyPlugin {
  return new TableLayoutPlugin(layout)
}

/**
 * The layout a Kysely instance was opened with. It travels with the instance (transactions,
 * `withPlugin` copies), so `migrate(db)` and health need nothing but `db`.
 */
export function tableLayoutOf(db: QueryExecutorProvider): TableLayout {
  const plugin = db.getExecutor().plugins.find((candidate) => candidate instanceof TableLayoutPlugin)
  return plugin instanceof TableLayoutPlugin ? plugin.layout : DEFAULT_TABLE_LAYOUT
}
