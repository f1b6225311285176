/** A refused query string, shown under the search box with the API's message and a mark at the reported character. */
export function QueryError({ query, message }: { query: string; message: string }) {
  const m = /at character (\d+)/.exec(message);
  const at = m ? Math.min(Math.max(Number(m[1]) - 1, 0), query.length) : -1;
  return (
    <div class="query-error" role="alert" id="query-error">
      <p>{message}</p>
      {at >= 0 && (
        <pre aria-hidden="true">
          {query.slice(0, at)}
          <mark>{query.slice(at, at + 1) || ' '}</mark>
          {query.slice(at + 1)}
          {'\n' + ' '.repeat(at) + '^'}
        </pre>
      )}
    </div>
  );
}
