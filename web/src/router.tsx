/** Client-side routes under /ui: the path and query string are the page's state, so links and the back button work. */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/ui';
const EVENT = 'tessera:navigate';

export interface Location {
  /** Path below /ui, always starting with `/`. */
  path: string;
  params: URLSearchParams;
}

function read(): Location {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) || '/' : '/';
  return { path, params: new URLSearchParams(location.search) };
}

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  const url = BASE + to;
  if (url === location.pathname + location.search) return;
  if (opts.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  dispatchEvent(new Event(EVENT));
}

export function useLocation(): Location {
  const [loc, setLoc] = useState(read);
  useEffect(() => {
    const update = () => setLoc(read());
    addEventListener('popstate', update);
    addEventListener(EVENT, update);
    return () => {
      removeEventListener('popstate', update);
      removeEventListener(EVENT, update);
    };
  }, []);
  return loc;
}

/** An ordinary link (open in a new tab works) that navigates in place on a plain click. */
export function Link(props: { to: string; class?: string; children: ComponentChildren; 'aria-current'?: 'page'; 'aria-label'?: string }) {
  return (
    <a
      href={BASE + props.to}
      class={props.class}
      aria-current={props['aria-current']}
      aria-label={props['aria-label']}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(props.to);
      }}
    >
      {props.children}
    </a>
  );
}
