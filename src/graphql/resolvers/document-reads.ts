/**
 * Knowledge documents as the original presents them: a document's info (title, source, state, text, stamps, the
 * assets and documents it relates to, its parent) and settings, from the documentInfo and documentSettings aspects.
 */
import type { GraphqlContext } from '../context.js';
import { refOf, type EntityRef } from '../entity-loader.js';

type Obj = Record<string, any>;

const stamp = (s: Obj | undefined) => ({ time: typeof s?.time === 'number' ? s.time : 0, actor: typeof s?.actor === 'string' ? refOf(s.actor) : null });
const urnsOf = (list: unknown, key: string): string[] => (Array.isArray(list) ? list.map((x) => x?.[key]).filter((u): u is string => typeof u === 'string') : []);

async function info(ref: EntityRef, _a: unknown, ctx: GraphqlContext) {
  const i = await ctx.loader.aspect<Obj>(ref.urn, 'documentInfo');
  if (!i) return null;
  return {
    title: i.title ?? null,
    source: i.source ? { sourceType: i.source.sourceType ?? 'NATIVE', externalUrl: i.source.externalUrl ?? null, externalId: i.source.externalId ?? null } : null,
    status: { state: i.status?.state ?? 'PUBLISHED' },
    contents: { text: i.contents?.text ?? '' },
    created: stamp(i.created),
    lastModified: stamp(i.lastModified),
    relatedAssets: urnsOf(i.relatedAssets, 'asset').map((u) => ({ asset: refOf(u) })),
    relatedDocuments: urnsOf(i.relatedDocuments, 'document').map((u) => ({ document: refOf(u) })),
    parentDocument: typeof i.parentDocument?.document === 'string' ? { document: refOf(i.parentDocument.document) } : null,
    customProperties: i.customProperties ? Object.entries(i.customProperties as Record<string, string>).map(([key, value]) => ({ key, value })) : null,
  };
}

export const documentReadResolvers = {
  Document: {
    type: () => 'DOCUMENT',
    info,
    // Where a document came from (dataPlatformInstance), else Tessera itself: documents written here are native.
    platform: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => refOf((await ctx.loader.aspect<{ platform?: string }>(ref.urn, 'dataPlatformInstance'))?.platform ?? 'urn:li:dataPlatform:datahub'),
    settings: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
      const s = await ctx.loader.aspect<Obj>(ref.urn, 'documentSettings');
      return { showInGlobalContext: s?.showInGlobalContext !== false };
    },
    subType: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => (await ctx.loader.aspect<{ typeNames?: string[] }>(ref.urn, 'subTypes'))?.typeNames?.[0] ?? null,
  },
};
