/**
 * The front (src/http/front.ts) answers the hottest requests without the Express app; whatever it does not recognise
 * goes to the routers. Both paths must give the same answer: the same status, headers that matter and body, for
 * reads, refusals and GraphQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,front.users,PROD)';
const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:hive,front.nothing,PROD)';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp('front-equivalence');
  const w = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties?createIfNotExists=false`, { value: { name: 'users', customProperties: { n: '1' } } });
  expect(w.status).toBe(200);
  await app.refresh();
});
afterAll(async () => app?.close());

/** The front matches exact lower-case paths without a trailing slash; Express also routes these variants. */
const viaRouters = (path: string) => (path.includes('?') ? path.replace('?', '/?') : `${path}/`);

describe('the front and the routers', () => {
  it('answer REST reads alike: aspect, entity, list and query, v2 and v3, with and without /gms', async () => {
    const paths = [
      `/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties?systemMetadata=true`,
      `/openapi/v2/entity/dataset/${enc(DS)}/datasetProperties`,
      `/gms/openapi/v3/entity/dataset/${enc(DS)}?aspects=datasetProperties&aspects=datasetKey`,
      `/openapi/v3/entity/dataset?query=${enc('name:users')}&count=5`,
      `/openapi/v2/entity/dataset?count=1`,
    ];
    for (const path of paths) {
      const fast = await app.get(path);
      const routed = await app.get(viaRouters(path));
      expect(fast.status, path).toBe(200);
      expect(routed.status, path).toBe(200);
      expect(fast.body, path).toEqual(routed.body);
      expect(fast.headers.get('content-type'), path).toBe(routed.headers.get('content-type'));
    }
  });

  it('answer refusals alike: a missing entity (with its reason header), an unknown type, a bad parameter, no token', async () => {
    const cases: [string, number, { token?: string | null }][] = [
      [`/openapi/v3/entity/dataset/${enc(MISSING)}`, 404, {}],
      [`/openapi/v3/entity/dataset/${enc(MISSING)}/datasetProperties`, 404, {}],
      [`/openapi/v3/entity/nosuchtype/${enc(DS)}`, 400, {}],
      [`/openapi/v3/entity/dataset?count=-1`, 400, {}],
      [`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties`, 401, { token: null }],
    ];
    for (const [path, status, opts] of cases) {
      const fast = await app.request('GET', path, undefined, opts);
      const routed = await app.request('GET', viaRouters(path), undefined, opts);
      expect([fast.status, routed.status], path).toEqual([status, status]);
      expect(fast.body, path).toEqual(routed.body);
      for (const h of ['not-found-reason', 'www-authenticate', 'content-type']) expect(fast.headers.get(h), `${path} ${h}`).toBe(routed.headers.get(h));
      expect(fast.headers.get('x-request-id'), path).toBeTruthy();
    }
  });

  it('answer GraphQL alike on the plain JSON path and through yoga (another Accept), errors included, compiled or not', async () => {
    const fragment = 'fragment P on Dataset { properties { name description } }';
    const queries: { query: string; variables?: object; operationName?: string }[] = [
      { query: 'query q($urn: String!) { dataset(urn: $urn) { urn properties { name } } }', variables: { urn: DS } },
      { query: 'query q($urn: String!) { dataset(urn: $urn) { urn properties { name } } }', variables: { urn: 'not a urn' } },
      { query: 'query q($urn: String!) { dataset(urn: $urn) { urn properties { name } } }', variables: { urn: 7 } },
      { query: 'query q($urn: String!) { dataset(urn: $urn) { urn properties { name } } }', variables: {} },
      { query: `query a($urn: String!, $no: Boolean = false) { x: dataset(urn: $urn) { ...P type, urn @skip(if: $no) __typename } ${fragment}`, variables: { urn: DS } },
      { query: `query a($urn: String!, $no: Boolean = false) { x: dataset(urn: $urn) { ...P type, urn @skip(if: $no) __typename } ${fragment}`, variables: { urn: DS, no: true } },
      { query: `query q { m: dataset(urn: "${MISSING}") { urn } } query r { __typename }`, operationName: 'q' },
      { query: `query q { m: dataset(urn: "${MISSING}") { urn } } query r { __typename }`, operationName: 'r' },
      { query: '{ __schema { queryType { name } } __type(name: "Dataset") { name kind } }' },
      { query: '{ dataset(urn: "urn:li:dataset:bad") { urn } }' },
      { query: '{ nosuchfield }' },
      { query: 'query q($n: Int!) { __typename }', variables: { n: 'x' } },
      { query: '{ tag(urn: "urn:li:tag:none") { urn } }', operationName: 'nope' },
    ];
    // Three times each: the plain path validates a document once, then runs it with yoga's executor, then compiled.
    for (const body of queries) {
      for (let round = 0; round < 3; round++) {
        const plain = await app.request('POST', '/api/graphql', body);
        const viaYoga = await app.request('POST', '/api/graphql', body, { headers: { accept: 'application/json, multipart/mixed' } });
        const what = `${body.query} ${JSON.stringify(body.variables)} ${body.operationName} #${round}`;
        expect(plain.status, what).toBe(viaYoga.status);
        expect(plain.body, what).toEqual(viaYoga.body);
      }
    }
  });
});
