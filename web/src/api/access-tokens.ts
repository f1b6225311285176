/** Stored access tokens: who you are, your tokens (everyone's for an administrator), issue one, revoke one. */
import { mutate, query } from './graphql';
import { rest } from './rest';

export interface AccessToken {
  id: string;
  name: string;
  description: string | null;
  actorUrn: string;
  ownerUrn: string;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
}

export const DURATIONS = ['ONE_HOUR', 'ONE_DAY', 'ONE_WEEK', 'ONE_MONTH', 'THREE_MONTHS', 'SIX_MONTHS', 'ONE_YEAR'] as const;

export const whoAmI = () => rest<{ actor: string }>('GET', '/openapi/v3/me').then((r) => r.actor);

export async function listTokens(ownerUrn?: string): Promise<{ total: number; tokens: AccessToken[] }> {
  const data = await query<{ listAccessTokens: { total: number; tokens: AccessToken[] } }>(
    `query tokens($input: ListAccessTokenInput!) { listAccessTokens(input: $input) { total tokens { id name description actorUrn ownerUrn createdAt expiresAt lastUsedAt } } }`,
    { input: { start: 0, count: 1000, ...(ownerUrn && { filters: [{ field: 'ownerUrn', values: [ownerUrn] }] }) } },
  );
  return data.listAccessTokens;
}

export async function issueToken(input: { actorUrn: string; name: string; description?: string; duration: string }): Promise<{ accessToken: string; metadata: AccessToken }> {
  const data = await mutate<{ createAccessToken: { accessToken: string; metadata: AccessToken } }>(
    `mutation issue($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { accessToken metadata { id name description actorUrn ownerUrn createdAt expiresAt lastUsedAt } } }`,
    { input: { type: input.actorUrn.startsWith('urn:li:corpuser:service.') ? 'SERVICE' : 'PERSONAL', ...input } },
  );
  return data.createAccessToken;
}

export async function revokeToken(id: string): Promise<void> {
  await mutate(`mutation revoke($id: String!) { revokeAccessToken(tokenId: $id) }`, { id });
}
