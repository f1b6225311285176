/** updateLineage: edges drawn and removed by hand in the original's shapes, all or none, authorized by EDIT_LINEAGE. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildWithoutFields } from './old-index.js';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,draw.${name},PROD)`;
const [RAW, CLEAN, OUT] = [ds('raw'), ds('clean'), ds('out')];
const FLOW = 'urn:li:dataFlow:(airflow,draw,prod)';
const JOB = `urn:li:dataJob:(${FLOW},build)`;
const CHART = 'urn:li:chart:(looker,draw.chart)';
const DASH = 'urn:li:dashboard:(looker,draw.board)';

const UPDATE = 'mutation u($input: UpdateLineageInput!) { updateLineage(input: $input) }';
const LINEAGE = `query l($urn: String!, $d: LineageDirection!) { entity(urn: $urn) { ... on Dataset { lineage(input: {direction: $d}) { total relationships { type entity { urn } isManual createdActor { urn } } } }
  ... on DataJob { lineage(input: {direction: $d}) { total relationships { type entity { urn } isManual } } }
  ... on Chart { lineage(input: {direction: $d}) { total relationships { type entity { urn } isManual } } }
  ... on Dashboard { lineage(input: {direction: $d}) { total relationships { type entity { urn } isManual } } } } }`;

let app: TestApp;
let editor: TestApp;
let reader: TestApp;
const put = async (urn: string, aspect: string, value: unknown) => {
  const r = await app.post(`/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}?createIfNotExists=false`, { value });
  expect(r.status, r.text).toBe(200);
};
const edge = (upstreamUrn: string, downstreamUrn: string) => ({ upstreamUrn, downstreamUrn });
const related = async (urn: string, d: 'UPSTREAM' | 'DOWNSTREAM') => (await graphqlData(app, LINEAGE, { urn, d })).entity.lineage.relationships as { type: string; entity: { urn: string }; isManual: boolean }[];
const urnsOf = (rs: { entity: { urn: string } }[]) => rs.map((r) => r.entity.urn).sort();
const stored = async (urn: string, aspect: string) => (await app.get(`/openapi/v2/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}`)).body?.value;

beforeAll(async () => {
  app = await startTestApp('lineage-update');
  editor = await startTestApp('lineage-update-editor', { INDEX_PREFIX: app.prefix, DEFAULT_ROLE: 'Editor' });
  reader = await startTestApp('lineage-update-reader', { INDEX_PREFIX: app.prefix, DEFAULT_ROLE: 'Reader' });
  for (const urn of [RAW, CLEAN, OUT]) await put(urn, 'datasetProperties', { name: urn.split(',')[1] });
  await put(FLOW, 'dataFlowInfo', { name: 'draw' });
  await put(JOB, 'dataJobInfo', { name: 'build', type: { string: 'BATCH' } });
  await put(CHART, 'chartInfo', { title: 'draw chart', description: '', lastModified: { created: { time: 1, actor: 'urn:li:corpuser:a' }, lastModified: { time: 1, actor: 'urn:li:corpuser:a' } } });
  await put(DASH, 'dashboardInfo', { title: 'draw board', description: '', lastModified: { created: { time: 1, actor: 'urn:li:corpuser:a' }, lastModified: { time: 1, actor: 'urn:li:corpuser:a' } } });
});
afterAll(async () => {
  await reader?.close({ keepIndices: true });
  await editor?.close({ keepIndices: true });
  await app?.close();
});

describe('updateLineage', () => {
  it('draws each kind of edge in the aspect the original keeps it in, marked as drawn by hand, and removes it again', async () => {
    const added = await graphqlData(app, UPDATE, { input: { edgesToAdd: [edge(RAW, CLEAN), edge(CLEAN, JOB), edge(JOB, OUT), edge(OUT, CHART), edge(CHART, DASH), edge(RAW, DASH)], edgesToRemove: [] } });
    expect(added.updateLineage).toBe(true);
    await app.refresh();
    const cleanUp = await related(CLEAN, 'UPSTREAM');
    expect(cleanUp).toMatchObject([{ type: 'DownstreamOf', entity: { urn: RAW }, isManual: true }]);
    expect(urnsOf(await related(RAW, 'DOWNSTREAM'))).toEqual([CLEAN, DASH].sort());
    expect(urnsOf(await related(JOB, 'UPSTREAM'))).toEqual([CLEAN]);
    expect(urnsOf(await related(OUT, 'UPSTREAM'))).toEqual([JOB]);
    expect(urnsOf(await related(DASH, 'UPSTREAM'))).toEqual([CHART, RAW].sort());
    // Kept where the original keeps them: the job's outputs hold job → dataset; the chart's title is untouched.
    expect((await stored(JOB, 'dataJobInputOutput')).outputDatasetEdges).toMatchObject([{ destinationUrn: OUT, properties: { source: 'UI' } }]);
    expect(await stored(CHART, 'chartInfo')).toMatchObject({ title: 'draw chart', inputEdges: [{ destinationUrn: OUT }] });
    // Drawing an edge that is there changes nothing; removing one that is not there neither.
    await graphqlData(app, UPDATE, { input: { edgesToAdd: [edge(RAW, CLEAN)], edgesToRemove: [edge(OUT, CLEAN)] } });
    expect((await stored(CLEAN, 'upstreamLineage')).upstreams).toHaveLength(1);
    await graphqlData(app, UPDATE, { input: { edgesToAdd: [], edgesToRemove: [edge(RAW, CLEAN), edge(CHART, DASH)] } });
    await app.refresh();
    expect(await related(CLEAN, 'UPSTREAM')).toEqual([]);
    expect(urnsOf(await related(DASH, 'UPSTREAM'))).toEqual([RAW]);
  });

  it('writes all edges or none: a missing end, an edge it does not keep, or one refused names the edge and writes nothing', async () => {
    const before = await stored(OUT, 'upstreamLineage');
    const missing = await app.graphql(UPDATE, { input: { edgesToAdd: [edge(RAW, OUT), edge(ds('nowhere'), OUT)], edgesToRemove: [] } });
    expect(missing.errors?.[0]?.message).toMatch(/edgesToAdd\[1\]: urn:li:dataset:\(urn:li:dataPlatform:hive,draw\.nowhere,PROD\) does not exist/);
    expect(await stored(OUT, 'upstreamLineage')).toEqual(before);
    const odd = await app.graphql(UPDATE, { input: { edgesToAdd: [edge(RAW, OUT), edge(DASH, RAW)], edgesToRemove: [] } });
    expect(odd.errors?.[0]?.message).toMatch(/edgesToAdd\[1\]: no lineage edge from a dashboard to a dataset/);
    const self = await app.graphql(UPDATE, { input: { edgesToAdd: [edge(RAW, RAW)], edgesToRemove: [] } });
    expect(self.errors?.[0]?.message).toMatch(/cannot be upstream of itself/);
    expect(await stored(OUT, 'upstreamLineage')).toEqual(before);
  });

  it('needs EDIT_LINEAGE on the entity that keeps the edge: an editor may, a reader may not', async () => {
    const refused = await reader.graphql(UPDATE, { input: { edgesToAdd: [edge(RAW, OUT)], edgesToRemove: [] } });
    expect(refused.errors?.[0]?.extensions?.code).toBe(403);
    expect(refused.errors?.[0]?.message).toMatch(/EDIT_LINEAGE/);
    const drawn = await editor.graphql(UPDATE, { input: { edgesToAdd: [edge(RAW, OUT)], edgesToRemove: [] } });
    expect(drawn.errors, JSON.stringify(drawn.errors)).toBeUndefined();
    expect((await stored(OUT, 'upstreamLineage')).upstreams).toMatchObject([{ dataset: RAW, properties: { source: 'UI' } }]);
    // The same editor may not write the dataset's other aspects an editor lacks (EDIT_ENTITY): lineage is its own right.
    const props = await editor.post(`/openapi/v3/entity/dataset/${enc(OUT)}/datasetProperties?createIfNotExists=false`, { value: { name: 'renamed' } });
    expect(props.status).toBe(403);
  });
});

describe('the original’s relationship read (/openapi/relationships/v1/, the client’s get_related_entities)', () => {
  it('answers OUTGOING (what the entity’s own aspects name) and INCOMING (who names it) for the relationships kept, paged', async () => {
    const [A, B] = [ds('rel.a'), ds('rel.b')];
    for (const urn of [A, B]) await put(urn, 'datasetProperties', { name: urn.split(',')[1] });
    await graphqlData(app, UPDATE, { input: { edgesToAdd: [edge(A, B), edge(B, JOB)], edgesToRemove: [] } });
    await app.refresh();
    // As the client asks: under /gms, a trailing slash, relationshipTypes repeated.
    const related = async (query: string) => app.get(`/gms/openapi/relationships/v1/?${query}`);
    const incoming = await related(`urn=${enc(A)}&direction=INCOMING&relationshipTypes=DownstreamOf&relationshipTypes=Consumes&start=0`);
    expect(incoming.status, incoming.text).toBe(200);
    expect(incoming.body).toEqual({ start: 0, count: 1, total: 1, entities: [{ relationshipType: 'DownstreamOf', urn: B }] });
    expect((await related(`urn=${enc(B)}&direction=OUTGOING&relationshipTypes=DownstreamOf`)).body.entities).toEqual([{ relationshipType: 'DownstreamOf', urn: A }]);
    expect((await related(`urn=${enc(B)}&direction=INCOMING&relationshipTypes=Consumes`)).body.entities).toEqual([{ relationshipType: 'Consumes', urn: JOB }]);
    expect((await related(`urn=${enc(B)}&direction=INCOMING&relationshipTypes=Consumes&start=1`)).body).toMatchObject({ start: 1, count: 0, entities: [] });
    const other = await related(`urn=${enc(B)}&direction=INCOMING&relationshipTypes=OwnedBy`);
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/OwnedBy are not kept; Tessera keeps the relationships DownstreamOf, Consumes, Produces, Contains, IsPartOf/);
    expect((await related(`urn=${enc(B)}&relationshipTypes=Consumes`)).status).toBe(400);
  });

  it('answers IsPartOf: an entity in its container and a job in its flow (OUTGOING), a container’s entities and a flow’s jobs (INCOMING); Container.entities in GraphQL', async () => {
    const [SHELF, C] = ['urn:li:container:rel-shelf', ds('rel.c')];
    await put(SHELF, 'containerProperties', { name: 'shelf' });
    await put(C, 'datasetProperties', { name: 'c' });
    await put(C, 'container', { container: SHELF });
    await app.refresh();
    const related = async (query: string) => (await app.get(`/openapi/relationships/v1/?${query}`)).body;
    expect((await related(`urn=${enc(C)}&direction=OUTGOING&relationshipTypes=IsPartOf`)).entities).toEqual([{ relationshipType: 'IsPartOf', urn: SHELF }]);
    expect((await related(`urn=${enc(SHELF)}&direction=INCOMING&relationshipTypes=IsPartOf`)).entities).toEqual([{ relationshipType: 'IsPartOf', urn: C }]);
    expect((await related(`urn=${enc(JOB)}&direction=OUTGOING&relationshipTypes=IsPartOf`)).entities).toEqual([{ relationshipType: 'IsPartOf', urn: FLOW }]);
    expect((await related(`urn=${enc(FLOW)}&direction=INCOMING&relationshipTypes=IsPartOf`)).entities).toEqual([{ relationshipType: 'IsPartOf', urn: JOB }]);
    // GraphQL: the container's entities, searched as any search (a filter by the container field).
    const q = `query c($urn: String!) { container(urn: $urn) { type entities(input: { query: "*", count: 5 }) { total searchResults { entity { urn } } } } }`;
    expect((await graphqlData(app, q, { urn: SHELF })).container).toEqual({ type: 'CONTAINER', entities: { total: 1, searchResults: [{ entity: { urn: C } }] } });
    const none = `query c($urn: String!) { container(urn: $urn) { entities(input: { query: "nothing_matches_this" }) { total } } }`;
    expect((await graphqlData(app, none, { urn: SHELF })).container.entities.total).toBe(0);
    // A rebuild derives the container field of documents written before it existed, as writes do.
    const { before, after } = await rebuildWithoutFields(app, 'dataset', ['container']);
    expect(before[Object.keys(before).find((id) => before[id].container)!].container).toBe(SHELF);
    expect(after).toEqual(before);
    expect((await related(`urn=${enc(SHELF)}&direction=INCOMING&relationshipTypes=IsPartOf`)).entities).toEqual([{ relationshipType: 'IsPartOf', urn: C }]);
  });
});
