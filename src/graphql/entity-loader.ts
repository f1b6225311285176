/** What entity resolvers pass around (a URN and its type, loaded lazily), and the request-scoped reader they load through. */
import { entityTypeOfUrn } from '../model/urn.js';

export { EntityReader as EntityLoader } from '../catalog/entity-reader.js';

export interface EntityRef {
  urn: string;
  entityType: string;
}

export function refOf(urn: string): EntityRef {
  return { urn, entityType: entityTypeOfUrn(urn) };
}
