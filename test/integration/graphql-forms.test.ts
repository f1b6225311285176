/** The original's form assignments are declared (its client's documents validate) and refused when called, saying why. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp('graphql-forms');
});
afterAll(async () => app?.close());

describe('form assignments', () => {
  it('are refused with a 400 naming what Tessera offers instead', async () => {
    for (const mutation of [
      'mutation { batchAssignForm(input: { formUrn: "urn:li:form:f", entityUrns: ["urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)"] }) }',
      'mutation { createDynamicFormAssignment(input: { formUrn: "urn:li:form:f", orFilters: [{ and: [{ field: "platform", values: ["hive"] }] }] }) }',
    ]) {
      const res = await app.graphql(mutation);
      expect(res.errors).toHaveLength(1);
      expect(res.errors[0].message).toMatch(/^Forms are not available in Tessera: structured properties with rules/);
      expect(res.errors[0].extensions).toMatchObject({ code: 400 });
    }
  });
});
