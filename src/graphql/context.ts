/** The per-request GraphQL context: services, the caller, and a request-scoped entity loader. */
import type { Services } from '../services.js';
import { EntityLoader } from './entity-loader.js';

export interface GraphqlContext {
  services: Services;
  actor: string;
  waitForSearch: boolean;
  loader: EntityLoader;
}

export function createContext(services: Services, actor: string, waitForSearch: boolean): GraphqlContext {
  return { services, actor, waitForSearch, loader: new EntityLoader(services) };
}
