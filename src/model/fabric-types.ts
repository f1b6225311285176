/** The one list of com.linkedin.common.FabricType symbols (the environment of an asset), used by URNs and aspect schemas alike. */
export const FABRIC_TYPES = [
  'DEV', 'TEST', 'QA', 'UAT', 'EI', 'PRE', 'STG', 'NON_PROD', 'PROD', 'CORP', 'RVW', 'PRD', 'TST', 'SIT', 'SBX', 'SANDBOX', 'CERT',
] as const;

export type FabricTypeName = (typeof FABRIC_TYPES)[number];
