import { describe, it, expect } from 'vitest';
import { aspectSchemas } from '../../src/model/aspects/index.js';
import { PrimitivePropertyValueSchema, UrnSchema } from '../../src/model/aspects/common.js';
import { PropertyDefinitionSchema } from '../../src/model/aspects/property-definition.js';
import { SchemaMetadataSchema } from '../../src/model/aspects/schema-metadata.js';
import { DataJobInfoSchema } from '../../src/model/aspects/data-job-info.js';
import { EditableSchemaMetadataSchema } from '../../src/model/aspects/editable-schema-metadata.js';

const actor = 'urn:li:corpuser:datahub';
const stamp = { time: 1700000000000, actor };
const fullStamp = { time: 1700000000001, actor, impersonator: 'urn:li:corpuser:svc', message: 'via api' };
const attribution = {
  time: 1700000000002,
  actor,
  source: 'urn:li:dataHubAction:propagation',
  sourceDetail: { rule: 'x' },
};
const datasetUrn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.tbl,PROD)';
const globalTags = {
  tags: [{ tag: 'urn:li:tag:pii', context: 'ui', attribution }, { tag: 'urn:li:tag:gold' }],
};
const glossaryTerms = {
  terms: [{ urn: 'urn:li:glossaryTerm:Classification.Sensitive', actor, context: 'c', attribution }],
  auditStamp: stamp,
};

/** A valid example per aspect, and a mutation that puts a wrongly typed value into it. */
const cases: Record<string, { valid: Record<string, unknown>; wrongType: Record<string, unknown> }> = {
  datasetKey: {
    valid: { platform: 'urn:li:dataPlatform:hive', name: 'db.tbl', origin: 'PROD' },
    wrongType: { platform: 'urn:li:dataPlatform:hive', name: 'db.tbl', origin: 'NOWHERE' },
  },
  datasetProperties: {
    valid: {
      customProperties: { owner_team: 'core' },
      externalUrl: 'https://example.com/tbl',
      name: 'tbl',
      qualifiedName: 'db.tbl',
      description: 'a table',
      uri: 'hdfs:///data/tbl',
      created: { time: 1, actor },
      lastModified: { time: 2 },
      tags: ['legacy'],
    },
    wrongType: { name: 42 },
  },
  schemaMetadata: {
    valid: {
      schemaName: 'tbl',
      platform: 'urn:li:dataPlatform:hive',
      version: 0,
      created: stamp,
      lastModified: stamp,
      deleted: fullStamp,
      dataset: datasetUrn,
      cluster: 'c1',
      hash: 'abc',
      platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: 'CREATE TABLE tbl (id int)' } },
      fields: [
        {
          fieldPath: 'id',
          jsonPath: '$.id',
          nullable: false,
          description: 'identifier',
          label: 'Id',
          created: stamp,
          lastModified: stamp,
          type: { type: { 'com.linkedin.schema.NumberType': {} } },
          nativeDataType: 'int',
          recursive: false,
          globalTags,
          glossaryTerms,
          isPartOfKey: true,
          isPartitioningKey: false,
          jsonProps: '{}',
        },
        {
          fieldPath: 'tags',
          type: { type: { 'com.linkedin.schema.ArrayType': { nestedType: ['string'] } } },
          nativeDataType: 'array<string>',
        },
      ],
      primaryKeys: ['id'],
      foreignKeysSpecs: {
        fk1: { foreignKey: { 'com.linkedin.schema.UrnForeignKey': { currentFieldPath: 'owner' } } },
      },
      foreignKeys: [
        {
          name: 'fk_owner',
          foreignFields: [`urn:li:schemaField:(${datasetUrn},id)`],
          sourceFields: [`urn:li:schemaField:(${datasetUrn},owner)`],
          foreignDataset: datasetUrn,
        },
      ],
    },
    wrongType: {
      schemaName: 'tbl',
      platform: 'urn:li:dataPlatform:hive',
      version: 1.5,
      hash: 'abc',
      platformSchema: { 'com.linkedin.schema.Schemaless': {} },
      fields: [],
    },
  },
  status: {
    valid: { removed: false, lifecycleStage: 'urn:li:lifecycleStageType:archived', lifecycleLastUpdated: stamp },
    wrongType: { removed: 'no' },
  },
  globalTags: {
    valid: globalTags,
    wrongType: { tags: [{ tag: 'pii' }] },
  },
  editableSchemaMetadata: {
    valid: {
      created: stamp,
      lastModified: fullStamp,
      deleted: stamp,
      editableSchemaFieldInfo: [
        { fieldPath: 'id', description: 'edited', globalTags, glossaryTerms },
        { fieldPath: 'name' },
      ],
    },
    wrongType: { editableSchemaFieldInfo: { fieldPath: 'id' } },
  },
  tagKey: {
    valid: { name: 'pii' },
    wrongType: { name: ['pii'] },
  },
  tagProperties: {
    valid: { name: 'PII', description: 'personal data', colorHex: '#FF0000' },
    wrongType: { name: 'PII', colorHex: 255 },
  },
  structuredPropertyKey: {
    valid: { id: 'io.acryl.retention' },
    wrongType: { id: 7 },
  },
  propertyDefinition: {
    valid: {
      qualifiedName: 'io.acryl.retention',
      displayName: 'Retention',
      valueType: 'urn:li:dataType:datahub.number',
      typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser'] },
      allowedValues: [{ value: { double: 30 }, description: 'a month' }, { value: { double: 90 } }],
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
      allowedPlatforms: ['urn:li:dataPlatform:hive'],
      description: 'days to keep',
      searchConfiguration: {
        fieldName: 'retention',
        fieldType: 'COUNT',
        queryByDefault: false,
        enableAutocomplete: false,
        addToFilters: true,
        addHasValuesToFilters: true,
        filterNameOverride: 'Retention',
        hasValuesFilterNameOverride: 'Has retention',
        boostScore: 1.5,
        hasValuesFieldName: 'hasRetention',
        numValuesFieldName: 'numRetention',
        weightsPerFieldValue: { '30': 2 },
        fieldNameAliases: ['ret'],
      },
      immutable: false,
      version: '20240614080000',
      created: stamp,
      lastModified: stamp,
    },
    wrongType: {
      qualifiedName: 'io.acryl.retention',
      valueType: 'urn:li:dataType:datahub.number',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
      cardinality: 'MANY',
    },
  },
  structuredPropertyConstraints: {
    valid: { required: true, requiredPlatforms: ['urn:li:dataPlatform:hive'], min: 1, max: 3650, pattern: '[a-z]+', minLength: 1, maxLength: 10, after: '2020-01-01', before: '2030-01-01', minCount: 1, maxCount: 3, lastModified: stamp },
    wrongType: { min: '1' },
  },
  labelPropagation: {
    valid: { direction: 'DOWNSTREAM', maxHops: 3, level: 'COLUMN', stopAtPlatforms: ['urn:li:dataPlatform:s3'], stopAtTags: ['urn:li:tag:public'], lastModified: stamp },
    wrongType: { maxHops: 11 },
  },
  structuredPropertySettings: {
    valid: {
      isHidden: false,
      showInSearchFilters: true,
      showInAssetSummary: true,
      hideInAssetSummaryWhenEmpty: false,
      showAsAssetBadge: false,
      showInColumnsTable: false,
      lastModified: stamp,
    },
    wrongType: { isHidden: 'false' },
  },
  institutionalMemory: {
    valid: {
      elements: [
        {
          url: 'https://wiki.example.com/tbl',
          description: 'design doc',
          createStamp: stamp,
          updateStamp: stamp,
          settings: { showInAssetPreview: true },
        },
      ],
    },
    wrongType: { elements: [{ url: 'https://x', description: 'd', createStamp: { time: 'now', actor } }] },
  },
  structuredProperties: {
    valid: {
      properties: [
        {
          propertyUrn: 'urn:li:structuredProperty:io.acryl.retention',
          values: [{ double: 30 }],
          created: stamp,
          lastModified: stamp,
          attribution,
        },
        { propertyUrn: 'urn:li:structuredProperty:io.acryl.tier', values: [{ string: 'gold' }, { string: 'x' }] },
      ],
    },
    wrongType: { properties: [{ propertyUrn: 'urn:li:structuredProperty:p', values: [30] }] },
  },
  ownership: {
    valid: {
      owners: [
        {
          owner: actor,
          type: 'TECHNICAL_OWNER',
          typeUrn: 'urn:li:ownershipType:__system__technical_owner',
          source: { type: 'MANUAL', url: 'https://example.com' },
          attribution,
        },
        { owner: 'urn:li:corpGroup:data', type: 'DATAOWNER' },
      ],
      ownerTypes: { 'urn:li:ownershipType:__system__technical_owner': [actor] },
      lastModified: stamp,
    },
    wrongType: { owners: [{ owner: actor, type: 'OVERLORD' }] },
  },
  dataFlowInfo: {
    valid: {
      customProperties: { schedule: '@daily' },
      externalUrl: 'https://airflow.example.com/dag',
      name: 'daily_etl',
      description: 'etl',
      project: 'core',
      created: { time: 1 },
      lastModified: { time: 2, actor },
      env: 'PROD',
    },
    wrongType: { name: 'daily_etl', customProperties: { retries: 3 } },
  },
  dataJobInfo: {
    valid: {
      customProperties: {},
      externalUrl: 'https://airflow.example.com/task',
      name: 'load',
      description: 'load step',
      type: { string: 'COMMAND' },
      flowUrn: 'urn:li:dataFlow:(airflow,daily_etl,prod)',
      created: { time: 1 },
      lastModified: { time: 2 },
      status: 'COMPLETED',
      env: 'DEV',
    },
    wrongType: { name: 'load', type: 'COMMAND' },
  },
  schemaFieldKey: {
    valid: { parent: datasetUrn, fieldPath: 'id' },
    wrongType: { parent: 'not-a-urn', fieldPath: 'id' },
  },
  dataFlowKey: {
    valid: { orchestrator: 'airflow', flowId: 'daily_etl', cluster: 'prod' },
    wrongType: { orchestrator: 'airflow', flowId: 1, cluster: 'prod' },
  },
  dataJobKey: {
    valid: { flow: 'urn:li:dataFlow:(airflow,daily_etl,prod)', jobId: 'load' },
    wrongType: { flow: 'urn:li:dataFlow:(airflow,daily_etl,prod)', jobId: null },
  },
  corpUserKey: {
    valid: { username: 'jdoe' },
    wrongType: { username: false },
  },
  corpUserInfo: {
    valid: {
      customProperties: { site: 'ams' },
      active: true,
      displayName: 'John Doe',
      email: 'jdoe@example.com',
      title: 'Engineer',
      managerUrn: 'urn:li:corpuser:boss',
      departmentId: 12,
      departmentName: 'Data',
      firstName: 'John',
      lastName: 'Doe',
      fullName: 'John Doe',
      countryCode: 'NL',
      system: false,
      isSupportUser: false,
    },
    wrongType: { active: true, departmentId: 1.5 },
  },
  dataTypeKey: {
    valid: { id: 'datahub.string' },
    wrongType: { id: {} },
  },
  dataTypeInfo: {
    valid: { qualifiedName: 'datahub.string', displayName: 'String', description: 'text' },
    wrongType: { qualifiedName: 'datahub.string', displayName: 1 },
  },
  entityTypeKey: {
    valid: { id: 'datahub.dataset' },
    wrongType: { id: 3 },
  },
  entityTypeInfo: {
    valid: { qualifiedName: 'datahub.dataset', displayName: 'Dataset', description: 'tables' },
    wrongType: { qualifiedName: ['datahub.dataset'] },
  },
  dataPlatformKey: {
    valid: { platformName: 'hive' },
    wrongType: { platformName: 0 },
  },
  dataPlatformInfo: {
    valid: {
      name: 'hive',
      displayName: 'Hive',
      type: 'FILE_SYSTEM',
      datasetNameDelimiter: '.',
      logical: false,
      logoUrl: 'https://example.com/hive.png',
    },
    wrongType: { name: 'hive', type: 'LAKE', datasetNameDelimiter: '.' },
  },
  subTypes: {
    valid: { typeNames: ['Table', 'View'] },
    wrongType: { typeNames: 'Table' },
  },
  glossaryTerms: {
    valid: glossaryTerms,
    wrongType: { terms: [], auditStamp: { time: 1, actor: 'someone' } },
  },
  browsePathsV2: {
    valid: { path: [{ id: 'db' }, { id: 'urn:li:container:abc', urn: 'urn:li:container:abc' }] },
    wrongType: { path: [{ id: 5 }] },
  },
  dataPlatformInstance: {
    valid: {
      platform: 'urn:li:dataPlatform:hive',
      instance: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:hive,warehouse)',
    },
    wrongType: { platform: 'hive' },
  },
  editableDatasetProperties: {
    valid: { lastModified: { time: 1, actor: 'urn:li:corpuser:a' }, description: 'edited' },
    wrongType: { description: 5 },
  },
  domains: {
    valid: { domains: ['urn:li:domain:finance'], domainAssociations: [{ domain: 'urn:li:domain:finance', attribution }] },
    wrongType: { domains: 'urn:li:domain:finance' },
  },
  upstreamLineage: {
    valid: {
      upstreams: [{ auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' }, dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,up,PROD)', type: 'TRANSFORMED' }],
      fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: ['urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,up,PROD),a)'], downstreamType: 'FIELD', confidenceScore: 1 }],
    },
    wrongType: { upstreams: [{ dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,up,PROD)', type: 'MOVED' }] },
  },
  dataHubIngestionSourceKey: { valid: { id: 'cli-1' }, wrongType: { id: 1 } },
  dataHubIngestionSourceInfo: {
    valid: { name: '[CLI] file', type: 'file', platform: 'urn:li:dataPlatform:file', config: { recipe: '{}', version: '1.7.0', executorId: '__datahub_cli_' } },
    wrongType: { name: 'x', type: 'file', config: { recipe: {} } },
  },
  dataHubExecutionRequestKey: { valid: { id: 'run-1' }, wrongType: { id: false } },
  dataHubExecutionRequestInput: {
    valid: { task: 'RUN_INGEST', args: { recipe: '{}' }, executorId: '__datahub_cli_', source: { type: 'CLI_INGESTION_SOURCE', ingestionSource: 'urn:li:dataHubIngestionSource:cli-1' }, requestedAt: 1 },
    wrongType: { task: 'RUN_INGEST', args: {}, executorId: 'x', source: { type: 'CLI' }, requestedAt: 'now' },
  },
  dataHubExecutionRequestResult: {
    valid: { status: 'SUCCESS', report: 'ok', structuredReport: { type: 'CLI_INGEST', serializedValue: '{}', contentType: 'application/json' }, startTimeMs: 1, durationMs: 2 },
    wrongType: { status: 1 },
  },
  dataHubExecutionRequestSignal: {
    valid: { signal: 'KILL', createdAt: { time: 1, actor: 'urn:li:corpuser:a' } },
    wrongType: { signal: 'KILL', createdAt: 1 },
  },
  glossaryTermKey: { valid: { name: 'Commerce.Order' }, wrongType: { name: 3 } },
  glossaryTermInfo: {
    valid: { customProperties: { k: 'v' }, name: 'Order', definition: 'An order', parentNode: 'urn:li:glossaryNode:Commerce', termSource: 'INTERNAL' },
    wrongType: { definition: 'x', termSource: 5 },
  },
};

const EXPECTED_ASPECTS = [
  'datasetKey',
  'datasetProperties',
  'schemaMetadata',
  'status',
  'globalTags',
  'editableSchemaMetadata',
  'tagKey',
  'tagProperties',
  'structuredPropertyKey',
  'propertyDefinition',
  'structuredPropertySettings',
  'structuredPropertyConstraints',
  'labelPropagation',
  'institutionalMemory',
  'structuredProperties',
  'ownership',
  'dataFlowInfo',
  'dataJobInfo',
  'schemaFieldKey',
  'dataFlowKey',
  'dataJobKey',
  'corpUserKey',
  'corpUserInfo',
  'dataTypeKey',
  'dataTypeInfo',
  'entityTypeKey',
  'entityTypeInfo',
  'dataPlatformKey',
  'dataPlatformInfo',
  'subTypes',
  'glossaryTerms',
  'browsePathsV2',
  'dataPlatformInstance',
  'editableDatasetProperties',
  'domains',
  'upstreamLineage',
  'dataHubIngestionSourceKey',
  'dataHubIngestionSourceInfo',
  'dataHubExecutionRequestKey',
  'dataHubExecutionRequestInput',
  'dataHubExecutionRequestResult',
  'dataHubExecutionRequestSignal',
  'glossaryTermKey',
  'glossaryTermInfo',
];

describe('aspectSchemas registry', () => {
  it('has exactly the expected aspect names', () => {
    expect(Object.keys(aspectSchemas).sort()).toEqual([...EXPECTED_ASPECTS].sort());
  });

  it('has a test case for every registered aspect', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(aspectSchemas).sort());
  });
});

describe.each(Object.keys(cases))('aspect %s', (name) => {
  const schema = aspectSchemas[name];
  const { valid, wrongType } = cases[name];

  it('parses a valid example and echoes it unchanged (no defaults added)', () => {
    const input = structuredClone(valid);
    const result = schema.safeParse(input);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    expect(result.data).toEqual(valid);
    expect(JSON.stringify(result.data)).toBe(JSON.stringify(valid));
  });

  it('refuses an unknown top-level key and names it', () => {
    const result = schema.safeParse({ ...valid, notAField: 1 });
    expect(result.success).toBe(false);
    const unknown = result.error!.issues.find((i) => i.code === 'unrecognized_keys');
    expect(unknown).toBeDefined();
    expect((unknown as { keys: string[] }).keys).toContain('notAField');
  });

  it('refuses a wrongly typed value', () => {
    expect(schema.safeParse(wrongType).success).toBe(false);
  });

  it('refuses a non-object', () => {
    expect(schema.safeParse('nope').success).toBe(false);
    expect(schema.safeParse(null).success).toBe(false);
  });
});

describe('PrimitivePropertyValue', () => {
  it('accepts {"double": 30} and {"string": "x"} unchanged', () => {
    expect(PrimitivePropertyValueSchema.parse({ double: 30 })).toEqual({ double: 30 });
    expect(PrimitivePropertyValueSchema.parse({ string: 'x' })).toEqual({ string: 'x' });
  });

  it('refuses {"double": "x"}, {}, two members, unknown members and bare values', () => {
    for (const bad of [{ double: 'x' }, {}, { double: 1, string: 'a' }, { int: 1 }, 30, 'x', null]) {
      expect(PrimitivePropertyValueSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('is enforced inside structuredProperties values and allowedValues', () => {
    expect(
      aspectSchemas.structuredProperties.safeParse({
        properties: [{ propertyUrn: 'urn:li:structuredProperty:p', values: [{ double: 'x' }] }],
      }).success,
    ).toBe(false);
    expect(
      aspectSchemas.structuredProperties.safeParse({
        properties: [{ propertyUrn: 'urn:li:structuredProperty:p', values: [{}] }],
      }).success,
    ).toBe(false);
    expect(
      PropertyDefinitionSchema.safeParse({
        qualifiedName: 'p',
        valueType: 'urn:li:dataType:datahub.number',
        entityTypes: ['urn:li:entityType:datahub.dataset'],
        allowedValues: [{ value: { double: 'x' } }],
      }).success,
    ).toBe(false);
  });
});

describe('propertyDefinition', () => {
  const minimal = {
    qualifiedName: 'io.acryl.retention',
    valueType: 'urn:li:dataType:datahub.number',
    entityTypes: ['urn:li:entityType:datahub.dataset'],
  };

  it('accepts the minimal definition without filling in defaults', () => {
    const parsed = PropertyDefinitionSchema.parse(minimal);
    expect(parsed).toEqual(minimal);
    expect('cardinality' in parsed).toBe(false);
    expect('immutable' in parsed).toBe(false);
  });

  it('refuses a definition missing qualifiedName', () => {
    const { qualifiedName: _omit, ...rest } = minimal;
    const result = PropertyDefinitionSchema.safeParse(rest);
    expect(result.success).toBe(false);
    expect(result.error!.issues.some((i) => i.path.join('.') === 'qualifiedName')).toBe(true);
  });

  it('refuses a definition missing entityTypes or valueType', () => {
    const { entityTypes: _e, ...noEntityTypes } = minimal;
    const { valueType: _v, ...noValueType } = minimal;
    expect(PropertyDefinitionSchema.safeParse(noEntityTypes).success).toBe(false);
    expect(PropertyDefinitionSchema.safeParse(noValueType).success).toBe(false);
  });

  it('accepts MULTIPLE cardinality and refuses other symbols', () => {
    expect(PropertyDefinitionSchema.safeParse({ ...minimal, cardinality: 'MULTIPLE' }).success).toBe(true);
    expect(PropertyDefinitionSchema.safeParse({ ...minimal, cardinality: 'multiple' }).success).toBe(false);
  });
});

describe('urn fields', () => {
  it('accepts urn:li:<type>:<id> and refuses other strings with a clear message', () => {
    expect(UrnSchema.safeParse('urn:li:tag:pii').success).toBe(true);
    const bad = UrnSchema.safeParse('tag:pii');
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].message).toMatch(/urn:li:/);
    expect(UrnSchema.safeParse('urn:li:tag:').success).toBe(false);
  });
});

describe('schemaMetadata', () => {
  const base = cases.schemaMetadata.valid;

  it('requires fields[].fieldPath', () => {
    const fields = [{ type: { type: { 'com.linkedin.schema.StringType': {} } }, nativeDataType: 'string' }];
    const result = SchemaMetadataSchema.safeParse({ ...base, fields });
    expect(result.success).toBe(false);
    expect(result.error!.issues.some((i) => i.path.join('.') === 'fields.0.fieldPath')).toBe(true);
  });

  it('refuses unknown keys inside a schema field and names them', () => {
    const fields = [{ fieldPath: 'a', type: { type: { 'com.linkedin.schema.StringType': {} } }, nativeDataType: 's', x: 1 }];
    const result = SchemaMetadataSchema.safeParse({ ...base, fields });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.code === 'unrecognized_keys');
    expect(issue?.path).toEqual(['fields', 0]);
  });

  it('refuses platformSchema / field type unions that are empty, unknown or have two members', () => {
    for (const platformSchema of [
      {},
      { 'com.linkedin.schema.Nope': {} },
      { 'com.linkedin.schema.Schemaless': {}, 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
    ]) {
      expect(SchemaMetadataSchema.safeParse({ ...base, platformSchema }).success).toBe(false);
    }
    const fields = [{ fieldPath: 'a', type: { type: { string: {} } }, nativeDataType: 's' }];
    expect(SchemaMetadataSchema.safeParse({ ...base, fields }).success).toBe(false);
  });

  it('accepts a Kafka platformSchema with optional members', () => {
    const platformSchema = { 'com.linkedin.schema.KafkaSchema': { documentSchema: '{}', keySchema: '"string"' } };
    expect(SchemaMetadataSchema.safeParse({ ...base, platformSchema }).success).toBe(true);
  });
});

describe('editableSchemaMetadata', () => {
  it('refuses unknown keys inside editableSchemaFieldInfo', () => {
    const result = EditableSchemaMetadataSchema.safeParse({
      editableSchemaFieldInfo: [{ fieldPath: 'id', nope: true }],
    });
    expect(result.success).toBe(false);
  });

  it('requires fieldPath on each entry', () => {
    expect(EditableSchemaMetadataSchema.safeParse({ editableSchemaFieldInfo: [{ description: 'd' }] }).success).toBe(
      false,
    );
  });
});

describe('dataJobInfo type union', () => {
  const base = { name: 'job' };
  it('accepts the string member and the AzkabanJobType member', () => {
    expect(DataJobInfoSchema.safeParse({ ...base, type: { string: 'BATCH' } }).success).toBe(true);
    expect(
      DataJobInfoSchema.safeParse({ ...base, type: { 'com.linkedin.datajob.azkaban.AzkabanJobType': 'SQL' } }).success,
    ).toBe(true);
  });
  it('refuses a bad AzkabanJobType symbol and a missing type', () => {
    expect(
      DataJobInfoSchema.safeParse({ ...base, type: { 'com.linkedin.datajob.azkaban.AzkabanJobType': 'BASH' } }).success,
    ).toBe(false);
    expect(DataJobInfoSchema.safeParse(base).success).toBe(false);
  });
});

describe('no defaults', () => {
  it('does not add defaulted fields to minimal documents', () => {
    expect(aspectSchemas.status.parse({})).toEqual({});
    expect(aspectSchemas.datasetProperties.parse({})).toEqual({});
    expect(aspectSchemas.ownership.parse({ owners: [] })).toEqual({ owners: [] });
    expect(aspectSchemas.structuredPropertySettings.parse({})).toEqual({});
  });
});
