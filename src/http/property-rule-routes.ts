/**
 * REST for stewardship of structured properties: setting or previewing a property's value rules, the compliance
 * report, and migrating values to a new version. Each route is one call of the operations in catalog/structured-properties.
 */
import { z } from 'zod';
import type { CatalogDeps } from '../catalog/catalog-deps.js';
import { propertyCompliance } from '../catalog/structured-properties/compliance.js';
import { setPropertyConstraints } from '../catalog/structured-properties/set-constraints.js';
import { migrateProperty } from '../catalog/structured-properties/migrate-property.js';
import type { PropertyConstraintsValue } from '../catalog/definitions.js';
import { sendJson } from '../wire/json.js';
import { boolParam, intParam, listParam, waitForSearch } from '../wire/params.js';
import type { Route } from '../wire/route.js';
import { bodyOf } from './json-body.js';

const MigrationBody = z
  .object({
    urn: z.string().min(1),
    version: z.string().min(1),
    valueType: z.string().optional(),
    cardinality: z.enum(['SINGLE', 'MULTIPLE']).optional(),
    allowedValues: z.array(z.object({ value: z.object({ string: z.string().optional(), double: z.number().optional() }).strict(), description: z.string().optional() }).strict()).nullable().optional(),
    constraints: z.record(z.string(), z.unknown()).nullable().optional(),
    migration: z.unknown().optional(),
    dryRun: z.boolean().optional(),
  })
  .strict();

const ConstraintsBody = z.object({ urn: z.string().min(1), constraints: z.record(z.string(), z.unknown()).nullable(), dryRun: z.boolean().optional() }).strict();

export function propertyRuleRoutes(deps: CatalogDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/openapi/v3/structuredProperties/compliance',
      handle: async (c) => {
        const properties = listParam(c, 'property', 'properties');
        sendJson(c.res, 200, { properties: await propertyCompliance(deps, { properties, samples: intParam(c, 'samples', 10, 0) }) });
      },
    },
    {
      method: 'POST',
      path: '/openapi/v3/structuredProperties/constraints',
      handle: async (c) => {
        const body = bodyOf(ConstraintsBody, c.body, '{"urn": "urn:li:structuredProperty:…", "constraints": {…} | null, "dryRun": true|false}');
        const dryRun = body.dryRun ?? boolParam(c, 'dryRun', false);
        const outcome = await setPropertyConstraints(deps, { urn: body.urn, constraints: body.constraints as PropertyConstraintsValue | null, actor: c.actor, dryRun, waitForSearch: waitForSearch(c) });
        sendJson(c.res, 200, outcome);
      },
    },
    {
      method: 'POST',
      path: '/openapi/v3/structuredProperties/migrations',
      handle: async (c) => {
        const body = bodyOf(MigrationBody, c.body, '{"urn", "version", "valueType"?, "cardinality"?, "allowedValues"?, "constraints"?, "migration"?: {"values": [{"from", "to"}], "cardinality": "KEEP_FIRST"|"KEEP_ALL"|"DROP"}, "dryRun"?}');
        const dryRun = body.dryRun ?? boolParam(c, 'dryRun', false);
        const outcome = await migrateProperty(deps, { ...body, constraints: body.constraints as PropertyConstraintsValue | null | undefined, dryRun, actor: c.actor, waitForSearch: waitForSearch(c) });
        sendJson(c.res, dryRun ? 200 : 202, outcome);
      },
    },
  ];
}
