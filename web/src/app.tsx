/** The page frame: sign-in gate, navigation, and the route table. */
import { can, signOut, useSession } from './auth/session';
import { AccessPage } from './pages/access-page';
import { Link, navigate, useLocation } from './router';
import { SignInPage } from './pages/sign-in-page';
import { SearchPage } from './pages/search-page';
import { DatasetPage } from './pages/dataset-page';
import { EntityPage } from './pages/entity-page';
import { PropertiesPage } from './pages/properties-page';
import { TagsPage } from './pages/tags-page';
import { TokensPage } from './pages/tokens-page';
import { ImportPage } from './pages/import-page';
import { useEffect, useRef } from 'preact/hooks';

const SECTIONS = [
  { to: '/search', label: 'Search' },
  { to: '/import', label: 'Import' },
  { to: '/properties', label: 'Properties' },
  { to: '/tags', label: 'Tags' },
  { to: '/tokens', label: 'Tokens' },
  { to: '/access', label: 'Access', needs: 'MANAGE_POLICIES' },
];

export function App() {
  const session = useSession();
  const loc = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (loc.path === '/') navigate('/search', { replace: true });
    document.title = `${titleOf(loc.path)} · Tessera`;
    // A new page takes the focus, so keyboard and screen reader users start at its top (not on the first load).
    if (!first.current) main.current?.focus();
    first.current = false;
  }, [loc.path]);
  if (session.status === 'checking') return <main id="main" aria-busy="true" />;
  if (session.status === 'out') return <SignInPage reason={session.reason} />;
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <strong class="brand">Tessera</strong>
        <nav aria-label="Sections">
          {SECTIONS.filter((s) => !s.needs || can(s.needs)).map((s) => (
            <Link key={s.to} to={s.to} aria-current={loc.path.startsWith(s.to) ? 'page' : undefined}>
              {s.label}
            </Link>
          ))}
        </nav>
        <span class="who" data-testid="signed-in-as">
          {session.actor}
          {session.roles.length > 0 && ` (${session.roles.join(', ')})`}
        </span>
        <button type="button" class="link" onClick={() => signOut('You signed out.')}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1} ref={main}>
        <Route path={loc.path} params={loc.params} />
      </main>
    </>
  );
}

function Route({ path, params }: { path: string; params: URLSearchParams }) {
  if (path.startsWith('/search') || path === '/') return <SearchPage params={params} />;
  if (path.startsWith('/dataset/')) return <DatasetPage urn={decodeURIComponent(path.slice('/dataset/'.length))} />;
  if (path.startsWith('/entity/')) return <EntityPage urn={decodeURIComponent(path.slice('/entity/'.length))} />;
  if (path.startsWith('/import')) return <ImportPage />;
  if (path.startsWith('/properties')) return <PropertiesPage />;
  if (path.startsWith('/tags')) return <TagsPage />;
  if (path.startsWith('/tokens')) return <TokensPage />;
  if (path.startsWith('/access')) return <AccessPage />;
  return (
    <section>
      <h1>Not found</h1>
      <p>
        There is no page at <code>{path}</code>. <Link to="/search">Go to search</Link>.
      </p>
    </section>
  );
}

function titleOf(path: string): string {
  if (path.startsWith('/dataset/')) return decodeURIComponent(path.slice('/dataset/'.length)).replace(/^urn:li:dataset:\([^,]*,([^,]*),.*$/, '$1');
  if (path.startsWith('/entity/')) return decodeURIComponent(path.slice('/entity/'.length));
  return SECTIONS.find((s) => path.startsWith(s.to))?.label ?? 'Tessera';
}
