/** The access decision and the rights a change needs: pure functions, checked without a store. */
import { describe, expect, it } from 'vitest';
import { AccessState, type AccessDocs } from '../../src/catalog/access/access-state.js';
import { rightsForChange, entityResource } from '../../src/catalog/access/change-rights.js';
import { PolicyInputSchema, type Policy } from '../../src/catalog/access/policy-shape.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)';
let n = 0;
function policy(input: unknown): Policy {
  const p = PolicyInputSchema.parse(input);
  const id = `p${n++}`;
  return { ...p, id, urn: `urn:li:dataHubPolicy:${id}`, state: p.state ?? 'ACTIVE', effect: p.effect ?? 'ALLOW', createdAt: 0, createdBy: 'x', updatedAt: 0, updatedBy: 'x' };
}
const docs = (d: Partial<AccessDocs>): AccessDocs => ({ policies: [], groups: [], bindings: [], serviceAccounts: [], ...d });
const user = (id: string) => `urn:li:corpuser:${id}`;

describe('the decision', () => {
  it('roles: Reader reads, Editor edits values, Admin manages; an unbound actor gets the default role, or nothing with None', () => {
    const s = new AccessState(docs({ bindings: [{ actor: user('ed'), role: 'Editor', updatedAt: 0, updatedBy: 'x' }] }), 'Reader');
    expect(s.decide(user('anyone'), 'VIEW_METADATA')).toMatchObject({ allowed: true, decidedBy: { kind: 'role', role: 'Reader', bound: 'default' } });
    expect(s.decide(user('anyone'), 'EDIT_ENTITY_TAGS').allowed).toBe(false);
    expect(s.decide(user('ed'), 'EDIT_ENTITY_PROPERTIES')).toMatchObject({ allowed: true, decidedBy: { kind: 'role', role: 'Editor', bound: 'user' } });
    expect(s.decide(user('ed'), 'MANAGE_STRUCTURED_PROPERTIES').allowed).toBe(false);
    expect(s.decide(user('admin'), 'MANAGE_POLICIES').decidedBy).toEqual({ kind: 'bootstrap' });
    expect(s.rolesOf(user('admin'))).toEqual([{ role: 'Admin', bound: 'bootstrap' }]);
    expect(new AccessState(docs({}), undefined).decide(user('anyone'), 'VIEW_METADATA').allowed).toBe(false);
  });

  it('group roles and group policies reach the members', () => {
    const groups = [{ urn: 'urn:li:corpGroup:g', name: 'g', members: [user('m')], createdAt: 0, createdBy: 'x' }];
    const s = new AccessState(docs({ groups, bindings: [{ actor: 'urn:li:corpGroup:g', role: 'Admin', updatedAt: 0, updatedBy: 'x' }] }), 'Reader');
    expect(s.decide(user('m'), 'MANAGE_TAGS')).toMatchObject({ allowed: true, decidedBy: { kind: 'role', role: 'Admin', bound: 'group' } });
    expect(s.decide(user('other'), 'MANAGE_TAGS').allowed).toBe(false);
  });

  it('a narrowed allow rule covers only its properties and tags, and counts as possible where the resource leaves them out', () => {
    const steward = policy({ name: 's', privileges: ['EDIT_ENTITY_PROPERTIES', 'EDIT_ENTITY_TAGS'], actors: { users: [user('st')] }, resources: { entityTypes: ['dataset'], propertyUrns: ['io.acme.privacy.*'], tagUrns: ['pii.*'] } });
    const s = new AccessState(docs({ policies: [steward] }), 'Reader');
    const on = { entityType: 'dataset', urn: DS };
    expect(s.decide(user('st'), 'EDIT_ENTITY_PROPERTIES', { ...on, propertyUrn: 'urn:li:structuredProperty:io.acme.privacy.level' }).allowed).toBe(true);
    expect(s.decide(user('st'), 'EDIT_ENTITY_PROPERTIES', { ...on, propertyUrn: 'urn:li:structuredProperty:io.acme.privacyX' }).allowed).toBe(false);
    expect(s.decide(user('st'), 'EDIT_ENTITY_TAGS', { ...on, tagUrn: 'urn:li:tag:pii.email' }).allowed).toBe(true);
    expect(s.decide(user('st'), 'EDIT_ENTITY_TAGS', { ...on, tagUrn: 'urn:li:tag:gold' }).allowed).toBe(false);
    expect(s.decide(user('st'), 'EDIT_ENTITY_TAGS', { entityType: 'dataFlow', tagUrn: 'urn:li:tag:pii.email' }).allowed).toBe(false);
    expect(s.decide(user('st'), 'EDIT_ENTITY_TAGS').allowed).toBe(true); // could, somewhere: the gate lets the request in
  });

  it('deny wins over roles and allow rules, but only as far as it is narrowed', () => {
    const deny = policy({ name: 'no secrets', effect: 'DENY', privileges: ['EDIT_ENTITY_PROPERTIES'], actors: { roles: ['Editor'] }, resources: { propertyUrns: ['io.acme.secret.*'] } });
    const s = new AccessState(docs({ policies: [deny] }), 'Editor');
    expect(s.decide(user('e'), 'EDIT_ENTITY_PROPERTIES', { propertyUrn: 'urn:li:structuredProperty:io.acme.secret.key' })).toMatchObject({ allowed: false, decidedBy: { kind: 'policy', name: 'no secrets', effect: 'DENY' } });
    expect(s.decide(user('e'), 'EDIT_ENTITY_PROPERTIES', { propertyUrn: 'urn:li:structuredProperty:io.acme.open' }).allowed).toBe(true);
    expect(s.decide(user('e'), 'EDIT_ENTITY_PROPERTIES').allowed).toBe(true);
    const inactive = new AccessState(docs({ policies: [{ ...deny, state: 'INACTIVE' }] }), 'Editor');
    expect(inactive.decide(user('e'), 'EDIT_ENTITY_PROPERTIES', { propertyUrn: 'urn:li:structuredProperty:io.acme.secret.key' }).allowed).toBe(true);
  });

  it('rules on platforms and carried tags', () => {
    const p = policy({ name: 'hive gold', privileges: ['DELETE_ENTITY'], actors: { allUsers: true }, resources: { platforms: ['hive'], tags: ['gold'] } });
    const s = new AccessState(docs({ policies: [p] }), 'Reader');
    const hive = entityResource('dataset', DS, { globalTags: { value: { tags: [{ tag: 'urn:li:tag:gold' }] } } });
    expect(hive.platform).toBe('urn:li:dataPlatform:hive');
    expect(s.decide(user('x'), 'DELETE_ENTITY', hive).allowed).toBe(true);
    expect(s.decide(user('x'), 'DELETE_ENTITY', { ...hive, tags: [] }).allowed).toBe(false);
    expect(s.decide(user('x'), 'DELETE_ENTITY', entityResource('dataset', DS.replace('hive', 'kafka'), { globalTags: { value: { tags: [{ tag: 'urn:li:tag:gold' }] } } })).allowed).toBe(false);
  });
});

describe('the rights a change needs', () => {
  const entity = entityResource('dataset', DS);
  const props = (...ps: [string, unknown][]) => ({ properties: ps.map(([propertyUrn, v]) => ({ propertyUrn, values: [v], lastModified: { time: Math.random(), actor: 'x' } })) });

  it('is nothing for a value kept, whatever order or stamps it comes with', () => {
    const before = props(['urn:a', { string: 'x' }], ['urn:b', { double: 1 }]);
    const after = props(['urn:b', { double: 1 }], ['urn:a', { string: 'x' }]);
    expect(rightsForChange(entity, 'structuredProperties', before, after)).toEqual([{ privilege: 'EDIT_ENTITY_PROPERTIES', resource: entity, what: 'aspect structuredProperties' }]);
    expect(rightsForChange(entity, 'structuredProperties', before, before)).toEqual([]);
  });

  it('names each property added, changed or removed, and each tag added or removed', () => {
    const r = rightsForChange(entity, 'structuredProperties', props(['urn:a', { string: 'x' }], ['urn:b', { double: 1 }]), props(['urn:a', { string: 'y' }], ['urn:c', { double: 1 }]));
    expect(r.map((x) => x.resource.propertyUrn).sort()).toEqual(['urn:a', 'urn:b', 'urn:c']);
    const t = rightsForChange(entity, 'globalTags', { tags: [{ tag: 'urn:li:tag:a' }, { tag: 'urn:li:tag:b' }] }, { tags: [{ tag: 'urn:li:tag:b' }, { tag: 'urn:li:tag:c' }] });
    expect(t.map((x) => [x.privilege, x.resource.tagUrn])).toEqual([['EDIT_ENTITY_TAGS', 'urn:li:tag:a'], ['EDIT_ENTITY_TAGS', 'urn:li:tag:c']]);
    expect(rightsForChange(entity, 'globalTags', { tags: [{ tag: 'urn:li:tag:a' }] }, undefined)[0].resource.tagUrn).toBe('urn:li:tag:a');
  });

  it('maps columns, documentation, status, definitions and every other aspect to their privileges', () => {
    const cols = (tag: string, description?: string) => ({ editableSchemaFieldInfo: [{ fieldPath: 'email', description, globalTags: { tags: [{ tag }] } }] });
    expect(rightsForChange(entity, 'editableSchemaMetadata', cols('urn:li:tag:a'), cols('urn:li:tag:b', 'd')).map((r) => r.privilege)).toEqual(['EDIT_DATASET_COL_TAGS', 'EDIT_DATASET_COL_TAGS', 'EDIT_ENTITY_DOCS']);
    expect(rightsForChange(entity, 'editableDatasetProperties', undefined, { description: 'x' })[0].privilege).toBe('EDIT_ENTITY_DOCS');
    expect(rightsForChange(entity, 'status', undefined, { removed: true })[0].privilege).toBe('DELETE_ENTITY');
    expect(rightsForChange(entity, 'datasetProperties', undefined, { name: 'x' })[0].privilege).toBe('EDIT_ENTITY');
    const def = entityResource('structuredProperty', 'urn:li:structuredProperty:io.a');
    expect(rightsForChange(def, 'propertyDefinition', undefined, { qualifiedName: 'io.a' })[0]).toMatchObject({ privilege: 'MANAGE_STRUCTURED_PROPERTIES', resource: { propertyUrn: 'urn:li:structuredProperty:io.a' } });
  });
});

describe('rules that would not be enforced', () => {
  it('a policy narrowing a catalog-wide privilege (reading, tokens, policies, events, webhooks) to resources is refused', () => {
    for (const privilege of ['VIEW_METADATA', 'GET_PLATFORM_EVENTS', 'MANAGE_WEBHOOKS']) {
      const parsed = PolicyInputSchema.safeParse({ name: 'n', effect: 'DENY', privileges: [privilege, 'EDIT_ENTITY_TAGS'], actors: { users: ['u'] }, resources: { urns: [DS] } });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]).toMatchObject({ path: ['resources'], message: expect.stringContaining(`${privilege} is decided for the whole catalog`) });
    }
    // The same privileges without resources, and resource privileges with them, are fine.
    expect(PolicyInputSchema.safeParse({ name: 'n', effect: 'DENY', privileges: ['VIEW_METADATA'], actors: { users: ['u'] } }).success).toBe(true);
    expect(PolicyInputSchema.safeParse({ name: 'n', effect: 'DENY', privileges: ['VIEW_METADATA'], actors: { users: ['u'] }, resources: {} }).success).toBe(true);
    expect(PolicyInputSchema.safeParse({ name: 'n', privileges: ['EDIT_ENTITY_TAGS'], actors: { users: ['u'] }, resources: { urns: [DS] } }).success).toBe(true);
  });

  it('such a deny stored before it was refused fails closed: it denies the privilege everywhere', () => {
    const input = PolicyInputSchema.parse({ name: 'old', effect: 'DENY', privileges: ['VIEW_METADATA'], actors: { users: ['u'] } });
    const legacy: Policy = { ...input, id: 'old', urn: 'urn:li:dataHubPolicy:old', state: 'ACTIVE', effect: 'DENY', resources: { urns: [DS] }, createdAt: 0, createdBy: 'x', updatedAt: 0, updatedBy: 'x' };
    const s = new AccessState(docs({ policies: [legacy] }), 'Reader');
    expect(s.decide(user('u'), 'VIEW_METADATA')).toMatchObject({ allowed: false, decidedBy: { kind: 'policy', name: 'old' } });
    expect(s.decide(user('u'), 'VIEW_METADATA', entityResource('dataset', DS)).allowed).toBe(false);
    expect(s.decide(user('other'), 'VIEW_METADATA').allowed).toBe(true);
  });
});

