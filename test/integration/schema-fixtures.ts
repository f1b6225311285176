/** Test fixtures for the schemaMetadata aspect: a schema of typed columns, optionally tagged. */

export interface ColumnOptions {
  /** SchemaFieldDataType member without its namespace (default StringType). */
  kind?: string;
  tags?: string[];
  extra?: Record<string, unknown>;
}

export function column(fieldPath: string, opts: ColumnOptions = {}) {
  const kind = opts.kind ?? 'StringType';
  return {
    fieldPath,
    type: { type: { [`com.linkedin.schema.${kind}`]: {} } },
    nativeDataType: kind === 'StringType' ? 'string' : kind,
    ...(opts.tags?.length ? { globalTags: { tags: opts.tags.map((tag) => ({ tag })) } } : {}),
    ...opts.extra,
  };
}

export function schemaOf(schemaName: string, platform: string, fields: object[], extra: Record<string, unknown> = {}) {
  return { schemaName, platform, version: 0, hash: '', platformSchema: { 'com.linkedin.schema.Schemaless': {} }, fields, ...extra };
}
