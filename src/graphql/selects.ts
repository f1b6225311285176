/** Whether a resolver's caller selected a field of its result (through fragments too), so work for unselected fields is skipped. */
import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';

function selectsIn(set: SelectionSetNode | undefined, name: string, info: GraphQLResolveInfo): boolean {
  for (const sel of set?.selections ?? []) {
    if (sel.kind === 'Field' && sel.name.value === name) return true;
    if (sel.kind === 'InlineFragment' && selectsIn(sel.selectionSet, name, info)) return true;
    if (sel.kind === 'FragmentSpread' && selectsIn(info.fragments[sel.name.value]?.selectionSet, name, info)) return true;
  }
  return false;
}

export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  return info.fieldNodes.some((n) => selectsIn(n.selectionSet, name, info));
}

const URN_ONLY = new Set(['urn', 'type', '__typename']);

function selectsBeyond(set: SelectionSetNode | undefined, info: GraphQLResolveInfo, plain: ReadonlySet<string>): boolean {
  for (const sel of set?.selections ?? []) {
    if (sel.kind === 'Field' && !plain.has(sel.name.value)) return true;
    if (sel.kind === 'InlineFragment' && selectsBeyond(sel.selectionSet, info, plain)) return true;
    if (sel.kind === 'FragmentSpread' && selectsBeyond(info.fragments[sel.name.value]?.selectionSet, info, plain)) return true;
  }
  return false;
}

function childSets(set: SelectionSetNode | undefined, name: string, info: GraphQLResolveInfo): SelectionSetNode[] {
  const out: SelectionSetNode[] = [];
  for (const sel of set?.selections ?? []) {
    if (sel.kind === 'Field' && sel.name.value === name && sel.selectionSet) out.push(sel.selectionSet);
    if (sel.kind === 'InlineFragment') out.push(...childSets(sel.selectionSet, name, info));
    if (sel.kind === 'FragmentSpread') out.push(...childSets(info.fragments[sel.name.value]?.selectionSet, name, info));
  }
  return out;
}

/** Whether the caller selected `inner` inside the field `outer` of this resolver's result (`facets { ranges }`). */
export function selectsWithin(info: GraphQLResolveInfo, outer: string, inner: string): boolean {
  return info.fieldNodes.some((n) => childSets(n.selectionSet, outer, info).some((set) => selectsIn(set, inner, info)));
}

const hitSets = (info: GraphQLResolveInfo) => info.fieldNodes.flatMap((n) => childSets(n.selectionSet, 'searchResults', info).flatMap((r) => childSets(r, 'entity', info)));

/** Whether a search page reads its hits' documents: not when only URN and type are selected (they come from doc values). */
export const hitDocumentsNeeded = (info: GraphQLResolveInfo): boolean => hitSets(info).some((e) => selectsBeyond(e, info, URN_ONLY));
