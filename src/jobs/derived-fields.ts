/**
 * Search fields added to the index after documents were written hold nothing in those documents: the rebuild's copy
 * derives them on the engine, from the stored aspects, while it copies (`_reindex` with a script). Each script is the
 * engine-side twin of the field's derivation in `catalog/search-fields.ts`, run only when the old index lacks the
 * field; `test/integration/search-reindex.test.ts` proves the two give the same values.
 */
import { KEYWORD_LIMIT, LENGTHS_FIELD, LONG_VALUES_FIELD } from '../storage/property-field-mappings.js';
import { LINEAGE_SOURCES, type LineageDirection } from '../model/lineage-edges.js';
import { FIELD_LINEAGE_ASPECTS } from '../model/field-lineage.js';
import { ENTITY_TYPES, searchFieldPlaces } from '../model/entity-types.js';
import { DEFAULT_RUN_ID } from '../catalog/runs/run-aspects.js';

const listOf = (field: string, aspect: string, list: string, key: string) => `
  def ${field}In = ctx._source.aspects?.${aspect}?.value?.${list};
  def ${field}Out = new ArrayList();
  if (${field}In != null) { for (def x : ${field}In) { if (x?.${key} != null && !${field}Out.contains(x.${key})) { ${field}Out.add(x.${key}); } } }
  ctx._source.${field} = ${field}Out;`;

/**
 * Lengths in characters of every string in the property fields, and those too long for the keyword index (the twin of
 * `valueLengthFields` in catalog/search-fields.ts): a walk with a stack of [source, lengths, long] maps.
 */
const valueLengths = `
  def spIn = ctx._source.structuredProperties;
  if (spIn instanceof Map) {
    Map lens = new HashMap(); Map longs = new HashMap();
    List stack = new ArrayList(); stack.add([spIn, lens, longs]);
    while (!stack.isEmpty()) {
      List t = stack.remove(stack.size() - 1);
      for (def e : ((Map) t[0]).entrySet()) {
        def v = e.getValue();
        if (v instanceof Map) {
          Map l = new HashMap(); Map g = new HashMap();
          ((Map) t[1]).put(e.getKey(), l); ((Map) t[2]).put(e.getKey(), g); stack.add([v, l, g]);
        } else if (v instanceof List) {
          List ls = new ArrayList(); List lg = new ArrayList();
          for (def x : v) { if (x instanceof String) { String str = (String) x; ls.add(str.codePointCount(0, str.length())); if (str.length() > ${KEYWORD_LIMIT}) { lg.add(str); } } }
          if (!ls.isEmpty()) { ((Map) t[1]).put(e.getKey(), ls); }
          if (!lg.isEmpty()) { ((Map) t[2]).put(e.getKey(), lg); }
        }
      }
    }
    ctx._source.${LENGTHS_FIELD} = lens; ctx._source.${LONG_VALUES_FIELD} = longs;
  }`;

/** The URNs an entity's aspects name as lineage in one direction (the twin of `lineageEdgesOf` in model/lineage-edges.ts). */
const lineageList = (field: string, direction: LineageDirection) => {
  const sources = LINEAGE_SOURCES.filter((s) => s.direction === direction);
  const reads = sources
    .map((s, i) => `
  def ${field}L${i} = ctx._source.aspects?.${s.aspect}?.value?.${s.list};
  if (${field}L${i} instanceof List) { for (def x : ${field}L${i}) {
    def u = ${s.key ? `x instanceof Map ? x.${s.key} : null` : 'x instanceof String ? x : (x instanceof Map ? x.string : null)'};
    if (u instanceof String && !${field}Out.contains(u)) { ${field}Out.add(u); }
  } }`)
    .join('');
  return `
  def ${field}Out = new ArrayList();${reads}
  if (${field}Out.isEmpty()) { ctx._source.remove('${field}'); } else { ctx._source.${field} = ${field}Out; }`;
};

/** The columns at one end of the column edges (the twin of `fieldLineageUrns` in model/field-lineage.ts): only when both ends name columns. */
const fieldLineageList = (field: string, end: 'upstreams' | 'downstreams') => {
  const other = end === 'upstreams' ? 'downstreams' : 'upstreams';
  const isColumn = (x: string) => `${x} instanceof String && ((String) ${x}).startsWith('urn:li:schemaField:')`;
  const reads = FIELD_LINEAGE_ASPECTS.map((aspect, i) => `
  def ${field}F${i} = ctx._source.aspects?.${aspect}?.value?.fineGrainedLineages;
  if (${field}F${i} instanceof List) { for (def f : ${field}F${i}) {
    if (!(f instanceof Map) || !(f.${end} instanceof List) || !(f.${other} instanceof List)) { continue; }
    boolean paired = false;
    for (def o : f.${other}) { if (${isColumn('o')}) { paired = true; } }
    if (!paired) { continue; }
    for (def u : f.${end}) { if (${isColumn('u')} && !${field}Out.contains(u)) { ${field}Out.add(u); } }
  } }`).join('');
  return `
  def ${field}Out = new ArrayList();${reads}
  if (${field}Out.isEmpty()) { ctx._source.remove('${field}'); } else { ctx._source.${field} = ${field}Out; }`;
};

/** The container an entity sits in directly (the twin of `container` in catalog/search-fields.ts). */
const directContainer = `
  def containerIn = ctx._source.aspects?.container?.value?.container;
  if (containerIn instanceof String) { ctx._source.container = containerIn; } else { ctx._source.remove('container'); }`;

/** The registry's search fields of each type, as `name=value` (the twin of `typeFieldsOf` in catalog/search-fields.ts). */
const typeFields = (() => {
  const byType = ENTITY_TYPES.filter((t) => t.searchFields).map((t) => {
    const places = Object.entries(t.searchFields!).flatMap(([name, at]) => searchFieldPlaces(at).map((place) => [name, place] as const));
    const reads = places.map(([name, at], i) => {
      const [aspect, field, key] = at.split('.');
      const value = key === undefined ? 'item' : `(item instanceof Map ? item.get('${key}') : null)`;
      return `
    def tf${i} = ctx._source.aspects?.${aspect}?.value?.${field};
    for (def item : (tf${i} instanceof List ? tf${i} : [tf${i}])) { def x = ${value}; if (x instanceof String && ((String) x).length() <= ${KEYWORD_LIMIT} && !tfOut.contains('${name}=' + x)) { tfOut.add('${name}=' + x); } }`;
    });
    return `
  if (ctx._source.entityType == '${t.name}') {${reads.join('')}
    ctx._source.typeFields = tfOut;
  }`;
  });
  return `
  def tfOut = new ArrayList();${byType.join('')}`;
})();

/**
 * The runs whose values an entity holds (the twin of `runFieldsOf` in catalog/runs/run-aspects.ts): per run id of the
 * aspects' system metadata, in aspect order, how many aspects and their newest write.
 */
const runFields = `
  def runsOut = new LinkedHashMap();
  def runAspects = ctx._source.aspects;
  if (runAspects instanceof Map) { for (def a : runAspects.values()) {
    def rid = a instanceof Map ? a?.meta?.systemMetadata?.runId : null;
    if (!(rid instanceof String) || rid == '' || rid == '${DEFAULT_RUN_ID}') { continue; }
    def t = a.lastModified.time;
    def share = runsOut.get(rid);
    if (share == null) { share = new HashMap(); share.runId = rid; share.rows = 1; share.time = t; runsOut.put(rid, share); }
    else { share.rows = share.rows + 1; if (t > share.time) { share.time = t; } }
  } }
  if (runsOut.isEmpty()) { ctx._source.remove('runIds'); ctx._source.remove('runs'); }
  else { ctx._source.runIds = new ArrayList(runsOut.keySet()); ctx._source.runs = new ArrayList(runsOut.values()); }`;

/** The twin of `domains` in catalog/search-fields.ts: the domains aspect's URNs, once each, when it is written. */
const domainList = `
  def domainsIn = ctx._source.aspects?.domains?.value?.domains;
  if (domainsIn instanceof List) {
    def domainsOut = new ArrayList();
    for (def d : domainsIn) { if (d instanceof String && !domainsOut.contains(d)) { domainsOut.add(d); } }
    ctx._source.domains = domainsOut;
  }`;

const DERIVATIONS: Readonly<Record<string, string>> = {
  typeFields,
  lineageUp: lineageList('lineageUp', 'UPSTREAM'),
  lineageDown: lineageList('lineageDown', 'DOWNSTREAM'),
  fieldLineageUp: fieldLineageList('fieldLineageUp', 'upstreams'),
  fieldLineageDown: fieldLineageList('fieldLineageDown', 'downstreams'),
  container: directContainer,
  domains: domainList,
  // Both come from one walk; deriving one derives the other.
  runIds: runFields,
  owners: listOf('owners', 'ownership', 'owners', 'owner'),
  terms: listOf('terms', 'glossaryTerms', 'terms', 'urn'),
  // Both come from one walk; deriving one derives the other.
  [LENGTHS_FIELD]: valueLengths,
};

/** Fields derived together with another one (named by the one whose derivation writes both). */
const DERIVED_WITH: Readonly<Record<string, string>> = { [LONG_VALUES_FIELD]: LENGTHS_FIELD, runs: 'runIds' };

/** The built-in fields a rebuild must derive because the old index never had them (by their top-level name). */
export const derivableFields = (missing: Iterable<string>): string[] =>
  [...new Set([...missing].map((f) => f.split('.')[0]).map((f) => DERIVED_WITH[f] ?? f))].filter((f) => Object.hasOwn(DERIVATIONS, f));

/** The copy's script for these fields, or none. */
export function derivationScript(fields: string[]): { lang: 'painless'; source: string } | undefined {
  if (fields.length === 0) return undefined;
  return { lang: 'painless', source: fields.map((f) => DERIVATIONS[f]).join('\n') };
}
