/** A container's page lists what sits directly inside it (GraphQL `Container.entities`), a page at a time, each a link with its type. */
import { useEffect, useState } from 'preact/hooks';
import { loadContainerContents, type ContainerContents as Contents } from '../api/container-queries';
import { entityPath } from './result-list';
import { Link } from '../router';
import { singularLabel } from '../model/entity-types';

const PAGE = 20;

export function ContainerContents({ urn }: { urn: string }) {
  const [start, setStart] = useState(0);
  const [contents, setContents] = useState<Contents | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    loadContainerContents(urn, start, PAGE).then(
      (c) => live && setContents(c),
      (e) => live && setError(String(e?.message ?? e)),
    );
    return () => {
      live = false;
    };
  }, [urn, start]);
  return (
    <section aria-labelledby="contents-h" class="container-contents">
      <h2 id="contents-h">Contents</h2>
      {error && <p class="error" role="alert">{error}</p>}
      {!error && contents === undefined && <p>Loading…</p>}
      {contents && contents.total === 0 && <p class="hint">Nothing sits in this container yet.</p>}
      {contents && contents.total > 0 && (
        <>
          <p class="hint">
            {contents.total} {contents.total === 1 ? 'entity' : 'entities'} directly inside
          </p>
          <ul>
            {contents.entities.map((e) => (
              <li key={e.urn} data-urn={e.urn}>
                <Link to={entityPath(e.urn)}>{e.name || e.urn}</Link> <span class="hint">{singularLabel(e.type)}</span>
              </li>
            ))}
          </ul>
          {contents.total > PAGE && (
            <p>
              <button type="button" disabled={start === 0} onClick={() => setStart(Math.max(0, start - PAGE))}>
                Previous
              </button>{' '}
              <button type="button" disabled={start + PAGE >= contents.total} onClick={() => setStart(start + PAGE)}>
                Next
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
