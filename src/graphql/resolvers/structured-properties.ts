/** Resolvers for structured property definitions and values. */
export const structuredPropertyResolvers = {
  StructuredPropertyEntity: { type: () => 'STRUCTURED_PROPERTY' },
  DataTypeEntity: { type: () => 'DATA_TYPE' },
  EntityTypeEntity: { type: () => 'ENTITY_TYPE' },
};
