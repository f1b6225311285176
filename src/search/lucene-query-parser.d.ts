/** Types for lucene-query-parser 1.2.0, which ships none; the shapes are those its parser actually returns. */
declare module 'lucene-query-parser' {
  export interface LuceneTermNode {
    field: string;
    term: string;
    prefix?: string | null;
    boost?: number | null;
    /** Present (possibly null) only on unquoted terms. */
    similarity?: number | null;
    /** Present (possibly null) only on quoted terms. */
    proximity?: number | null;
    regexpr?: boolean;
  }
  export interface LuceneRangeNode {
    field: string;
    term_min: string;
    term_max: string;
    inclusive: boolean;
    inclusive_min: boolean;
    inclusive_max: boolean;
  }
  export interface LuceneBinaryNode {
    left?: LuceneNode;
    operator?: string;
    right?: LuceneNode;
    /** Set on field groups such as `a:(b OR c)`. */
    field?: string;
  }
  export type LuceneNode = LuceneTermNode | LuceneRangeNode | LuceneBinaryNode;
  export interface LuceneSyntaxError extends Error {
    location?: { start: { offset: number; line: number; column: number } };
  }
  const lucene: { parse(query: string): LuceneNode };
  export default lucene;
}
