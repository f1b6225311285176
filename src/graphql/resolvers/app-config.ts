/**
 * What this service offers the original's clients as an application: Query.appConfig, read from the same table as the
 * wire's `GET /config` (gms/config-routes.ts) so the two never disagree, and the features it lacks — invite tokens and
 * version sets — refused with what to use instead.
 */
import { validationError } from '../../errors.js';
import { CLIENT_CONFIG } from '../../gms/config-routes.js';

const off = { enabled: false };

const appConfig = () => ({
  appVersion: CLIENT_CONFIG.versions['acryldata/datahub'].version,
  authConfig: { tokenAuthEnabled: true },
  analyticsConfig: off,
  managedIngestionConfig: { enabled: CLIENT_CONFIG.managedIngestion.enabled },
  lineageConfig: { supportsImpactAnalysis: CLIENT_CONFIG.supportsImpactAnalysis },
  telemetryConfig: { enableThirdPartyLogging: false },
  testsConfig: off,
  viewsConfig: off,
  semanticSearchConfig: { enabled: false, enabledEntities: [], embeddingConfig: null },
});

const refuseInviteToken = () => {
  throw validationError('Tessera has no sign-up and no invite tokens: users are corpuser entities, and callers authenticate with access tokens (createAccessToken)');
};

const refuseVersioning = () => {
  throw validationError('Versioning is not available in Tessera: it keeps no version sets (each versioned asset is an entity of its own)');
};

export const appConfigResolvers = {
  Query: { appConfig, getInviteToken: refuseInviteToken },
  Mutation: { linkAssetVersion: refuseVersioning, unlinkAssetVersion: refuseVersioning },
};
