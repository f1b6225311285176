/**
 * Search fields added to the index after documents were written hold nothing in those documents: the rebuild's copy
 * derives them on the engine, from the stored aspects, while it copies (`_reindex` with a script). Each script is the
 * engine-side twin of the field's derivation in `catalog/search-fields.ts`, run only when the old index lacks the
 * field; `test/integration/search-reindex.test.ts` proves the two give the same values.
 */
const listOf = (field: string, aspect: string, list: string, key: string) => `
  def ${field}In = ctx._source.aspects?.${aspect}?.value?.${list};
  def ${field}Out = new ArrayList();
  if (${field}In != null) { for (def x : ${field}In) { if (x?.${key} != null && !${field}Out.contains(x.${key})) { ${field}Out.add(x.${key}); } } }
  ctx._source.${field} = ${field}Out;`;

const DERIVATIONS: Readonly<Record<string, string>> = {
  owners: listOf('owners', 'ownership', 'owners', 'owner'),
  terms: listOf('terms', 'glossaryTerms', 'terms', 'urn'),
};

/** The built-in fields a rebuild must derive because the old index never had them. */
export const derivableFields = (missing: Iterable<string>): string[] => [...missing].filter((f) => Object.hasOwn(DERIVATIONS, f));

/** The copy's script for these fields, or none. */
export function derivationScript(fields: string[]): { lang: 'painless'; source: string } | undefined {
  if (fields.length === 0) return undefined;
  return { lang: 'painless', source: fields.map((f) => DERIVATIONS[f]).join('\n') };
}
