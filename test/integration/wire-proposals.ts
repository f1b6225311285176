/** A metadata change proposal as the original's client sends it on the wire (the aspect as a JSON string). */
export const wireProposal = (entityUrn: string, aspectName: string, value: unknown, extra: Record<string, unknown> = {}) => ({
  entityType: entityUrn.split(':')[2],
  entityUrn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value: JSON.stringify(value), contentType: 'application/json' },
  ...extra,
});
