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
