/** Builds the aspects a dataset YAML entry asks for (schema, ownership, terms, domains, lineage), in the original's shapes. Pure. */
import { OwnershipTypeSchema } from '../model/aspects/ownership.js';
import { FIELD_TYPES, type FieldEntry, type OwnerEntry } from './dataset-entry.js';

const urnOr = (prefix: string) => (v: string) => (v.startsWith('urn:li:') ? v : `urn:li:${prefix}:${v}`);
export const tagUrn = urnOr('tag');
export const termUrn = urnOr('glossaryTerm');
export const domainUrn = urnOr('domain');
export const userUrn = urnOr('corpuser');

/** The original stamps terms it writes with an unknown actor at write time; the server records the real writer. */
const termsOf = (terms: string[]) => ({ terms: terms.map((t) => ({ urn: termUrn(t) })), auditStamp: { time: Date.now(), actor: 'urn:li:corpuser:unknown' } });

export function schemaMetadataOf(name: string, platformUrn: string, rawSchema: string, fields: FieldEntry[]) {
  return {
    schemaName: name, platform: platformUrn, version: 0, hash: '',
    platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema } },
    fields: fields.map((f) => {
      const tags = f.globalTags ?? f.tags;
      return {
        fieldPath: f.id,
        ...(f.jsonPath !== undefined && { jsonPath: f.jsonPath }),
        ...(f.nullable !== undefined && { nullable: f.nullable }),
        ...((f.description ?? f.doc) !== undefined && { description: f.description ?? f.doc }),
        ...(f.label !== undefined && { label: f.label }),
        ...(f.created && { created: f.created }),
        ...(f.lastModified && { lastModified: f.lastModified }),
        type: { type: { [`com.linkedin.schema.${FIELD_TYPES[f.type!.toLowerCase()]}`]: {} } },
        nativeDataType: f.nativeDataType ?? f.type!,
        ...(f.recursive !== undefined && { recursive: f.recursive }),
        ...(tags && { globalTags: { tags: tags.map((t) => ({ tag: tagUrn(t) })) } }),
        ...(f.glossaryTerms && { glossaryTerms: termsOf(f.glossaryTerms) }),
        ...(f.isPartOfKey !== undefined && { isPartOfKey: f.isPartOfKey }),
        ...(f.isPartitioningKey !== undefined && { isPartitioningKey: f.isPartitioningKey }),
        ...(f.jsonProps && { jsonProps: JSON.stringify(f.jsonProps) }),
      };
    }),
  };
}

export const glossaryTermsOf = termsOf;

const OWNERSHIP_TYPES = OwnershipTypeSchema.options as readonly string[];

/** `ownership` from the file's owners, or the problem with one of them (by index). */
export function ownershipOf(owners: OwnerEntry[]): { value?: unknown; problem?: { index: number; message: string } } {
  const out = [];
  for (const [index, o] of owners.entries()) {
    if (typeof o === 'string') {
      out.push({ owner: userUrn(o), type: 'TECHNICAL_OWNER' });
      continue;
    }
    if (o.type.startsWith('urn:li:ownershipType:')) out.push({ owner: userUrn(o.id), type: 'CUSTOM', typeUrn: o.type });
    else if (OWNERSHIP_TYPES.includes(o.type.toUpperCase())) out.push({ owner: userUrn(o.id), type: o.type.toUpperCase() });
    else return { problem: { index, message: `unknown ownership type ${o.type}; one of ${OWNERSHIP_TYPES.join(', ')} or an urn:li:ownershipType: urn` } };
  }
  return { value: { owners: out } };
}

/** JSON pointer segment of a key (RFC 6901 escapes). */
const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The patch that adds `upstream` to a downstream dataset's lineage (COPY, as the original writes it), keeping its other upstreams. */
export const upstreamPatchOf = (upstream: string) => ({
  arrayPrimaryKeys: { upstreams: ['dataset'] },
  patch: [{ op: 'add', path: `/upstreams/${pointer(upstream)}`, value: { dataset: upstream, type: 'COPY' } }],
});
